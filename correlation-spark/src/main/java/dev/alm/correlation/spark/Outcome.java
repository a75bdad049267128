package dev.alm.correlation.spark;

import java.io.Serializable;

/**
 * What became of beacon halves or probes (a bean for Spark's encoder): a sample of row {@code
 * from}, column {@code to}, completed by line {@code line} of file {@code file}; or a half left
 * unjoined, or a duplicate; or a paired observation left unpaired.
 */
public final class Outcome implements Serializable {
  /** A sample i -> j. */
  public static final int SAMPLE = 0;

  /** A beacon answer with no request within the window. */
  public static final int UNJOINED_ANSWER = 1;

  /** A beacon request with no answer within the window. */
  public static final int UNJOINED_REQUEST = 2;

  /** A second half of a beacon still waiting (the first is kept). */
  public static final int DUPLICATE = 3;

  /** A paired observation that found no partner within the window. */
  public static final int UNPAIRED = 4;

  /** How many kinds there are. */
  public static final int KINDS = 5;

  private int kind;
  private String from;
  private String to;
  private int file;
  private long line;

  public Outcome() {}

  public Outcome(int kind, String from, String to, int file, long line) {
    this.kind = kind;
    this.from = from;
    this.to = to;
    this.file = file;
    this.line = line;
  }

  public int getKind() {
    return kind;
  }

  public void setKind(int kind) {
    this.kind = kind;
  }

  public String getFrom() {
    return from;
  }

  public void setFrom(String from) {
    this.from = from;
  }

  public String getTo() {
    return to;
  }

  public void setTo(String to) {
    this.to = to;
  }

  public int getFile() {
    return file;
  }

  public void setFile(int file) {
    this.file = file;
  }

  public long getLine() {
    return line;
  }

  public void setLine(long line) {
    this.line = line;
  }
}
