package dev.alm.correlation.spark;

import java.io.Serializable;

/**
 * One paired observation of the DNS-layer or the HTTP-layer service (a bean for Spark's encoder):
 * the vantage point, where it was seen, and the latest time of its file up to it
 * (docs/correlation.md, "On Spark"). With the latest times of the files before it, that is the
 * in-process estimator's clock when it read the observation.
 */
public final class Sighting implements Serializable {
  private String vantage;
  private long t;
  private long clock;
  private int file;
  private long line;
  private boolean dns;
  private String site;

  public Sighting() {}

  public Sighting(
      String vantage, long t, long clock, int file, long line, boolean dns, String site) {
    this.vantage = vantage;
    this.t = t;
    this.clock = clock;
    this.file = file;
    this.line = line;
    this.dns = dns;
    this.site = site;
  }

  public String getVantage() {
    return vantage;
  }

  public void setVantage(String vantage) {
    this.vantage = vantage;
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

  public String getSite() {
    return site;
  }

  public void setSite(String site) {
    this.site = site;
  }
}
