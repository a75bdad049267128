package dev.alm.proxy.limit;

import dev.alm.io.InputException;
import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a per-key limit's {@code overridesFile}: CSV lines {@code key,limit} (a header line {@code
 * key,limit} may come first; {@code #} starts a comment line). Strict: a line without exactly two
 * fields, a limit that is not an integer in [0, 2^31 - 1], a key used twice or more than {@link
 * KeyRule#MAX_OVERRIDES} lines is one {@link InputException} naming the file and the line; so is a
 * file that is not a regular file (a directory, a device, a pipe), one that is not UTF-8 or not
 * CSV, and a line over {@link #MAX_LINE} characters, refused as it is read (the memory a file takes
 * is bounded by its lines).
 */
public final class KeyOverrides {

  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setCommentMarker('#').setIgnoreEmptyLines(true).build();

  /** The longest line read, in characters: a key of the longest length, quoted, and a limit. */
  public static final int MAX_LINE = 2 * KeyRule.MAX_KEY_LENGTH + 64;

  private KeyOverrides() {}

  /** The named keys and their limits in {@code file}. */
  public static Map<String, Long> read(Path file) throws InputException {
    String name = file.toString();
    Map<String, Long> out = new HashMap<>();
    if (!Files.isRegularFile(file)) {
      throw new InputException(
          name, "", Files.exists(file) ? "not a regular file" : "cannot read: no such file");
    }
    try (Reader r = new LineBound(Files.newBufferedReader(file, StandardCharsets.UTF_8))) {
      for (CSVRecord rec : FORMAT.parse(r)) {
        String where = "line " + rec.getRecordNumber();
        if (rec.size() != 2) {
          throw new InputException(
              name, where, "expected key,limit, got " + rec.size() + " fields");
        }
        String key = rec.get(0).trim();
        String limit = rec.get(1).trim();
        if (rec.getRecordNumber() == 1 && key.equals("key") && limit.equals("limit")) {
          continue;
        }
        if (key.isEmpty() || key.length() > KeyRule.MAX_KEY_LENGTH) {
          throw new InputException(
              name, where, "a key of 1 to " + KeyRule.MAX_KEY_LENGTH + " characters");
        }
        long l;
        try {
          l = Long.parseLong(limit);
        } catch (NumberFormatException e) {
          l = -1;
        }
        if (l < 0 || l > Integer.MAX_VALUE) {
          throw new InputException(
              name, where, "limit: an integer in [0, 2^31 - 1], got '" + limit + "'");
        }
        if (out.put(key, l) != null) {
          throw new InputException(name, where, "key '" + key + "' named twice");
        }
        if (out.size() > KeyRule.MAX_OVERRIDES) {
          throw new InputException(name, where, "at most " + KeyRule.MAX_OVERRIDES + " named keys");
        }
      }
    } catch (IOException | IllegalStateException e) {
      throw new InputException(name, "", "cannot read: " + oneLine(e));
    } catch (UncheckedIOException e) {
      // the CSV parser's iterator wraps what the reader throws: not UTF-8, a bad quote, a long line
      throw new InputException(name, "", "cannot read: " + oneLine(e.getCause()));
    }
    return out;
  }

  private static String oneLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    if (e instanceof java.nio.charset.CharacterCodingException) {
      m = "not UTF-8 text";
    }
    return m.replaceAll("\\s+", " ").trim();
  }

  /** A reader that refuses a line of more than {@link #MAX_LINE} characters. */
  private static final class LineBound extends FilterReader {
    private int line;

    LineBound(Reader in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int c = super.read();
      if (c >= 0) {
        count((char) c);
      }
      return c;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
      int n = super.read(buf, off, len);
      for (int i = 0; i < n; i++) {
        count(buf[off + i]);
      }
      return n;
    }

    private void count(char c) throws IOException {
      line = c == '\n' ? 0 : line + 1;
      if (line > MAX_LINE) {
        throw new IOException("a line over " + MAX_LINE + " characters");
      }
    }
  }
}
