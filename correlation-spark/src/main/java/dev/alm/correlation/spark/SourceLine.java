package dev.alm.correlation.spark;

import java.io.Serializable;

/**
 * Where a row of the Spark job came from (a bean base for Spark's encoder): the index of its file
 * among the job's inputs and its line in that file, for the bad-line report and for ordering.
 */
public abstract class SourceLine implements Serializable {
  private static final long serialVersionUID = 1L;

  private int file;
  private long line;

  SourceLine() {}

  SourceLine(int file, long line) {
    this.file = file;
    this.line = line;
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
