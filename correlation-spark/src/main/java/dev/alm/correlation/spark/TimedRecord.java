package dev.alm.correlation.spark;

/**
 * What every trace record the Spark job joins carries (a bean base for Spark's encoder): its
 * timestamp, the join clock when it was read (the latest timestamp of any record of its file up to
 * it, docs/correlation/spark.md "On Spark"), where it came from (file index and line) and whether
 * it is the DNS-layer side.
 */
public abstract class TimedRecord extends SourceLine {
  private static final long serialVersionUID = 1L;

  private long t;
  private long clock;
  private boolean dns;

  TimedRecord() {}

  TimedRecord(long t, long clock, int file, long line, boolean dns) {
    super(file, line);
    this.t = t;
    this.clock = clock;
    this.dns = dns;
  }

  public long getT() {
    return t;
  }

  public void setT(long t) {
    this.t = t;
  }

  public long getClock() {
    return clock;
  }

  public void setClock(long clock) {
    this.clock = clock;
  }

  public boolean isDns() {
    return dns;
  }

  public void setDns(boolean dns) {
    this.dns = dns;
  }
}
