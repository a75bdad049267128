package dev.alm.correlation;

import dev.alm.io.InputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * How raw site labels of a trace become node ids of C: unchanged, folded to a metro, mapped by a
 * file, or dropped. Folding merges rows and columns of C, so a metro's row is the pooled catchment
 * of its sites (docs/correlation/estimate.md).
 */
@FunctionalInterface
public interface LabelFolding {

  /** The node id for a raw label, or {@code null} to drop every sample that names it. */
  String fold(String label);

  /** Labels are node ids as they are. */
  static LabelFolding identity() {
    return label -> label;
  }

  /**
   * The built-in rule for the Quad9 trace: a label that is three letters (an IATA code) followed by
   * digits, optionally after a leading {@code q}, folds to those three letters ({@code qfra3},
   * {@code qfra4}, {@code fra2} -> {@code fra}); any other label (three plain letters such as
   * {@code qpg}, or longer names) is kept as it is.
   */
  static LabelFolding metro() {
    Pattern sibling = Pattern.compile("q?([a-z]{3})[0-9]+");
    return label -> {
      Matcher m = sibling.matcher(label.toLowerCase(Locale.ROOT));
      return m.matches() ? m.group(1) : label;
    };
  }

  /**
   * A mapping file: CSV {@code label,node} with that header; a label with an empty node is dropped,
   * a label not in the file is kept as it is. Blank lines and lines starting with {@code #} are
   * ignored.
   *
   * @throws InputException naming the file, line and reason if the file is unreadable or a line is
   *     malformed
   */
  static LabelFolding mapping(Path file) throws InputException {
    String source = file.toString();
    Map<String, String> map = new HashMap<>();
    CSVFormat format =
        CSVFormat.DEFAULT
            .builder()
            .setCommentMarker('#')
            .setIgnoreEmptyLines(true)
            .setTrim(true)
            .build();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        CSVParser p = format.parse(r)) {
      boolean header = true;
      for (CSVRecord rec : p) {
        String where = "line " + Math.max(1, p.getCurrentLineNumber());
        if (header) {
          header = false;
          if (rec.size() != 2
              || !rec.get(0).equalsIgnoreCase("label")
              || !rec.get(1).equalsIgnoreCase("node")) {
            throw new InputException(source, where, "expected the header label,node");
          }
          continue;
        }
        if (rec.size() != 2) {
          throw new InputException(
              source, where, "expected 2 fields (label,node), got " + rec.size());
        }
        if (rec.get(0).isEmpty()) {
          throw new InputException(source, where, "empty label");
        }
        if (map.put(rec.get(0), rec.get(1)) != null) {
          throw new InputException(source, where, "label '" + rec.get(0) + "' appears twice");
        }
      }
      if (header) {
        throw new InputException(source, "line 1", "empty file: expected the header label,node");
      }
    } catch (IOException | UncheckedIOException e) {
      String why = e instanceof NoSuchFileException ? "no such file" : e.getMessage();
      throw new InputException(source, "", "cannot read: " + why);
    }
    return label -> {
      String node = map.get(label);
      if (node == null) {
        return label;
      }
      return node.isEmpty() ? null : node;
    };
  }
}
