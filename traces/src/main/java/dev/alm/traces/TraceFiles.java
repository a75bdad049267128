package dev.alm.traces;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Opens trace files: gzip is recognised by its magic bytes (or written when the name ends in {@code
 * .gz}).
 */
public final class TraceFiles {
  private static final int BUFFER = 1 << 16;

  private TraceFiles() {}

  /**
   * A UTF-8 reader of {@code file}, decompressing it if it starts with the gzip magic bytes 1f 8b.
   */
  public static BufferedReader open(Path file) throws IOException {
    return open(Files.newInputStream(file));
  }

  /**
   * A UTF-8 reader of a stream (a file of any file system), decompressing it if it starts with the
   * gzip magic bytes 1f 8b. The stream is closed with the reader, or here if reading the magic
   * fails.
   */
  public static BufferedReader open(InputStream raw) throws IOException {
    InputStream in = new BufferedInputStream(raw, BUFFER);
    try {
      in.mark(2);
      int b0 = in.read();
      int b1 = in.read();
      in.reset();
      if (b0 == 0x1f && b1 == 0x8b) {
        in = new GZIPInputStream(in, BUFFER);
      }
    } catch (IOException e) {
      in.close();
      throw e;
    }
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), BUFFER);
  }

  /** A UTF-8 writer of {@code file}, gzip-compressed when its name ends in {@code .gz}. */
  public static Writer create(Path file) throws IOException {
    OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), BUFFER);
    if (file.getFileName().toString().endsWith(".gz")) {
      out = new GZIPOutputStream(out, BUFFER);
    }
    return new OutputStreamWriter(out, StandardCharsets.UTF_8);
  }
}
