package dev.alm.traces;

import java.io.IOException;
import java.io.OutputStream;

/** A log file that accepts the header, then fails every write: a full disk. */
final class FullDisk extends OutputStream {
  private long bytes;

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    bytes += len;
    if (bytes > 200) {
      throw new IOException("No space left on device");
    }
  }
}
