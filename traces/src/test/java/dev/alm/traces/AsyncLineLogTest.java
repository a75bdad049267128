package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.Writer;
import org.junit.jupiter.api.Test;

/**
 * A log whose file fails neither blocks its callers nor hangs on close, and counts every lost
 * record.
 */
class AsyncLineLogTest {

  /** Accepts the header, then fails every write: a full disk. */
  private static final class FullDisk extends Writer {
    private int chars;

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
      chars += len;
      if (chars > 200) {
        throw new IOException("No space left on device");
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }

  @Test
  void aFailedFileCountsEveryRecordAndCloseReturns() throws Exception {
    AsyncLineLog<ProbeLogRecord> log =
        new AsyncLineLog<>(
            new FullDisk(), ProbeLogRecord.HEADER, ProbeLogRecord::values, 4, "full-disk");
    int offered = 0;
    int accepted = 0;
    while (log.failure() == null && offered < 1_000_000) {
      offered++;
      if (log.offer(new ProbeLogRecord(0, "a", "b", "c"))) {
        accepted++;
      }
    }
    for (int k = 0; k < 10; k++) {
      offered++;
      assertFalse(log.offer(new ProbeLogRecord(0, "a", "b", "c")));
    }
    assertThrows(IOException.class, log::close);
    assertEquals(offered, log.written() + log.dropped(), "accepted " + accepted);
  }
}
