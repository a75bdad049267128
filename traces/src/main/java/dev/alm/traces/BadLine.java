package dev.alm.traces;

/**
 * A line of a trace that was not used, and why.
 *
 * @param source the file
 * @param line the 1-based line number (the header is line 1)
 * @param reason why it was skipped
 */
public record BadLine(String source, long line, String reason) {

  /** {@code file:line N: reason}, as commands print it. */
  @Override
  public String toString() {
    return source + ":line " + line + ": " + reason;
  }
}
