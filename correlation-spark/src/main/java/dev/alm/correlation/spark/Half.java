package dev.alm.correlation.spark;

import java.io.Serializable;

/**
 * One half of a beacon (a bean for Spark's encoder): a DNS answer with L1 or an HTTP request for a
 * beacon name ({@link dev.alm.traces.BeaconName#key}), with the join clock when it was read: the
 * latest timestamp of any record of its file up to it, which is the in-process join's clock at that
 * record (docs/correlation.md, "On Spark").
 */
public final class Half implements Serializable {
  private String key;
  private long t;
  private long clock;
  private int file;
  private long line;
  private boolean dns;
  private String pop;

  public Half() {}

  public Half(String key, long t, long clock, int file, long line, boolean dns, String pop) {
    this.key = key;
    this.t = t;
    this.clock = clock;
    this.file = file;
    this.line = line;
    this.dns = dns;
    this.pop = pop;
  }

  public String getKey() {
    return key;
  }

  public void setKey(String key) {
    this.key = key;
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

  public boolean isDns() {
    return dns;
  }

  public void setDns(boolean dns) {
    this.dns = dns;
  }

  public String getPop() {
    return pop;
  }

  public void setPop(String pop) {
    this.pop = pop;
  }
}
