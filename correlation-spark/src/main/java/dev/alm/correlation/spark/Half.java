package dev.alm.correlation.spark;

/**
 * One half of a beacon (a bean for Spark's encoder): a DNS answer with L1 or an HTTP request for a
 * beacon name ({@link dev.alm.traces.BeaconName#key}), with the join clock when it was read: the
 * latest timestamp of any record of its file up to it, which is the in-process join's clock at that
 * record (docs/correlation/spark.md, "On Spark").
 */
public final class Half extends TimedRecord {
  private String key;
  private String pop;

  public Half() {}

  public Half(String key, long t, long clock, int file, long line, boolean dns, String pop) {
    super(t, clock, file, line, dns);
    this.key = key;
    this.pop = pop;
  }

  public String getKey() {
    return key;
  }

  public void setKey(String key) {
    this.key = key;
  }

  public String getPop() {
    return pop;
  }

  public void setPop(String pop) {
    this.pop = pop;
  }
}
