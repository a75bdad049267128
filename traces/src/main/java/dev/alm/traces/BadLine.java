package dev.alm.traces;

import java.io.Serializable;
import java.util.regex.Pattern;

/**
 * A line of a trace that was not used, and why.
 *
 * @param source the file
 * @param line the 1-based line number (the header is line 1)
 * @param reason why it was skipped
 */
public record BadLine(String source, long line, String reason) implements Serializable {

  private static final Pattern VALUE = Pattern.compile("(?<!column )'[^']*'");
  private static final Pattern NUMBER = Pattern.compile("(?<![\\w.-])[0-9]+(?![\\w.-])");

  /**
   * The kind of a reason, for counting bad lines by reason: the quoted values a line held and the
   * numbers are masked ({@code column 'status': not an integer: 'OK'} becomes {@code column
   * 'status': not an integer: '...'}; {@code expected 8 fields (...), got 7} becomes {@code
   * expected N fields (...), got N}); column names stay.
   */
  public static String kind(String reason) {
    String s = VALUE.matcher(reason).replaceAll("'...'");
    return NUMBER.matcher(s).replaceAll("N");
  }

  /** {@code file:line N: reason}, as commands print it. */
  @Override
  public String toString() {
    return source + ":line " + line + ": " + reason;
  }
}
