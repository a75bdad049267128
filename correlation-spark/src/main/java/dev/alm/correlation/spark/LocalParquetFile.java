package dev.alm.correlation.spark;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/** A local file as Parquet's output, without Hadoop's file system (no checksum files). */
record LocalParquetFile(Path path) implements OutputFile {
  @Override
  public PositionOutputStream create(long blockSizeHint) throws IOException {
    return createOrOverwrite(blockSizeHint);
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
    OutputStream s = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16);
    return new PositionOutputStream() {
      private long pos;

      @Override
      public long getPos() {
        return pos;
      }

      @Override
      public void write(int b) throws IOException {
        s.write(b);
        pos++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        s.write(b, off, len);
        pos += len;
      }

      @Override
      public void flush() throws IOException {
        s.flush();
      }

      @Override
      public void close() throws IOException {
        s.close();
      }
    };
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }
}
