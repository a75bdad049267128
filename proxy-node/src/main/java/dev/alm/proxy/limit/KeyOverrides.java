package dev.alm.proxy.limit;

import dev.alm.io.InputException;
import java.io.IOException;
import java.io.Reader;
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
 * KeyRule#MAX_OVERRIDES} lines is one {@link InputException} naming the file and the line.
 */
public final class KeyOverrides {

  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setCommentMarker('#').setIgnoreEmptyLines(true).build();

  private KeyOverrides() {}

  /** The named keys and their limits in {@code file}. */
  public static Map<String, Long> read(Path file) throws InputException {
    String name = file.toString();
    Map<String, Long> out = new HashMap<>();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
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
      throw new InputException(name, "", "cannot read: " + e.getMessage());
    }
    return out;
  }
}
