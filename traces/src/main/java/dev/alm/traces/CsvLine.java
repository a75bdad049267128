package dev.alm.traces;

import java.util.List;

/**
 * Appends CSV fields to a line being built (RFC 4180: a field holding a comma, a quote, CR or LF is
 * quoted, with quotes doubled). The log writers format one line per request or query on their
 * writer thread; this is several times cheaper there than a general CSV printer, and the lines read
 * back with any CSV reader.
 */
public final class CsvLine {
  private CsvLine() {}

  /** Appends one field, preceded by a comma unless it is the first of the line. */
  public static void field(StringBuilder line, int lineStart, String value) {
    if (line.length() > lineStart) {
      line.append(',');
    }
    if (!needsQuotes(value)) {
      line.append(value);
      return;
    }
    line.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"') {
        line.append('"');
      }
      line.append(c);
    }
    line.append('"');
  }

  /** Appends a whole line of fields and its newline. */
  public static void line(StringBuilder out, List<String> values) {
    int start = out.length();
    for (String v : values) {
      field(out, start, v);
    }
    if (values.size() == 1 && values.get(0).isEmpty()) {
      out.append("\"\""); // a lone empty field would read back as an empty line
    }
    out.append('\n');
  }

  private static boolean needsQuotes(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ',' || c == '"' || c == '\n' || c == '\r') {
        return true;
      }
    }
    return false;
  }
}
