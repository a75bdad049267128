package dev.alm.io;

/**
 * Bad input in a user file: names the file, where in it (a line number or a field path) and why.
 * Its message is one line, {@code file:where: reason}, fit to print as a command's error.
 */
public final class InputException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String source;
  private final String where;
  private final String reason;

  public InputException(String source, String where, String reason) {
    super(source + (where == null || where.isEmpty() ? "" : ":" + where) + ": " + reason);
    this.source = source;
    this.where = where;
    this.reason = reason;
  }

  /** The file (or builtin name) that was read. */
  public String source() {
    return source;
  }

  /** A line number ("line 4") or a field path ("nodes[2].capacity"); may be empty. */
  public String where() {
    return where;
  }

  public String reason() {
    return reason;
  }
}
