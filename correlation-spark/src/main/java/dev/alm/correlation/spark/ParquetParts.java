package dev.alm.correlation.spark;

import dev.alm.io.AtomicFiles;
import dev.alm.traces.PartFiles;
import dev.alm.traces.RecordWriter;
import dev.alm.traces.TraceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToLongFunction;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Trace files as Parquet with the format's columns (docs/correlation/spark.md, "On Spark"): the
 * first column (the time) as {@code INT64 TIMESTAMP(MILLIS, UTC)}, the others as UTF-8 strings with
 * the CSV line's values, Snappy-compressed; {@link ParquetTrace} and Spark read them back as the
 * same records. A file is written under a hidden temporary name and moved into place when
 * committed. Here rather than in the traces module: the Parquet and Hadoop libraries come with
 * Spark and must not go into alm.jar.
 */
public final class ParquetParts implements PartFiles {

  @Override
  public String extension() {
    return ".parquet";
  }

  @Override
  public <T> RecordWriter<T> open(Path file, TraceFormat<T> format, ToLongFunction<T> time)
      throws IOException {
    return new Writer<>(file, format, time);
  }

  /** The Parquet schema of a trace format. */
  static MessageType schema(TraceFormat<?> format) {
    Types.MessageTypeBuilder b = Types.buildMessage();
    List<String> header = format.header();
    b.required(PrimitiveTypeName.INT64)
        .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MILLIS))
        .named(header.get(0));
    for (String c : header.subList(1, header.size())) {
      b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c);
    }
    return b.named(format.name().replaceAll("[^A-Za-z0-9_]", "_"));
  }

  private static final class Writer<T> implements RecordWriter<T> {
    private final Path file;
    private final Path tmp;
    private final TraceFormat<T> format;
    private final ToLongFunction<T> time;
    private final SimpleGroupFactory groups;
    private final ParquetWriter<Group> out;
    private final String[] names;
    private long written;
    private boolean closed;

    Writer(Path file, TraceFormat<T> format, ToLongFunction<T> time) throws IOException {
      this.file = file;
      this.tmp = AtomicFiles.temporarySibling(file);
      this.format = format;
      this.time = time;
      MessageType schema = schema(format);
      this.groups = new SimpleGroupFactory(schema);
      this.names = format.header().toArray(String[]::new);
      this.out =
          ExampleParquetWriter.builder(new LocalParquetFile(tmp))
              .withType(schema)
              .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
              .withCompressionCodec(CompressionCodecName.SNAPPY)
              .build();
    }

    @Override
    public void write(T record) throws IOException {
      Group g = groups.newGroup();
      g.append(names[0], time.applyAsLong(record));
      List<String> values = format.values().apply(record);
      for (int k = 1; k < names.length; k++) {
        String v = values.get(k);
        if (v != null && !v.isEmpty()) {
          g.append(names[k], v);
        }
      }
      out.write(g);
      written++;
    }

    @Override
    public long written() {
      return written;
    }

    @Override
    public void commit() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try {
        out.close();
      } catch (IOException e) {
        Files.deleteIfExists(tmp);
        throw e;
      }
      AtomicFiles.moveIntoPlace(tmp, file);
    }

    @Override
    public void close() throws IOException {
      if (!closed) {
        closed = true;
        try {
          out.close();
        } finally {
          Files.deleteIfExists(tmp);
        }
      }
    }
  }
}
