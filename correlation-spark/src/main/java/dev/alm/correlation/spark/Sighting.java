package dev.alm.correlation.spark;

/**
 * One paired observation of the DNS-layer or the HTTP-layer service (a bean for Spark's encoder):
 * the vantage point, where it was seen, and the latest time of its file up to it
 * (docs/correlation/spark.md, "On Spark"). With the latest times of the files before it, that is
 * the in-process estimator's clock when it read the observation.
 */
public final class Sighting extends TimedRecord {
  private String vantage;
  private String site;

  public Sighting() {}

  public Sighting(
      String vantage, long t, long clock, int file, long line, boolean dns, String site) {
    super(t, clock, file, line, dns);
    this.vantage = vantage;
    this.site = site;
  }

  public String getVantage() {
    return vantage;
  }

  public void setVantage(String vantage) {
    this.vantage = vantage;
  }

  public String getSite() {
    return site;
  }

  public void setSite(String site) {
    this.site = site;
  }
}
