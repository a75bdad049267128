package dev.alm.traces;

import java.io.IOException;

/**
 * Where the records of one trace go, in time order: one file ({@link TraceWriter}), a partitioned
 * directory ({@link PartitionedWriter}) or a file of another format. Nothing is final until {@link
 * #commit()}; {@link #close()} without a commit removes what is not.
 *
 * @param <T> the record type
 */
public interface RecordWriter<T> extends AutoCloseable {
  /** Writes one record. */
  void write(T record) throws IOException;

  /** Records written so far. */
  long written();

  /** Completes what was written and moves it into place. */
  void commit() throws IOException;

  /** Removes what was not committed. */
  @Override
  void close() throws IOException;
}
