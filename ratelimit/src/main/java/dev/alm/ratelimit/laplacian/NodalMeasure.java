package dev.alm.ratelimit.laplacian;

/**
 * The nodal performance measures p_i(k) of paper 003's Table 1, as functions of the requests r_i(k)
 * a server received and its limit x_i(k).
 */
public enum NodalMeasure {
  /** Case I: amount of throttled traffic, p = r - x (eq. 11; the one analysed in section 4). */
  THROTTLED_AMOUNT("throttled-amount"),
  /** Case II: throttled-to-requested ratio, p = (r - x)/r (eq. 39); needs r > 0. */
  THROTTLED_RATIO("throttled-ratio"),
  /** Case III: logarithm of requested-to-allowed ratio, p = log(r/x) (eq. 43); needs r, x > 0. */
  LOG_RATIO("log-ratio"),
  /**
   * Case IV: amount of allowed traffic, p = x (eq. 48). Unstable on its own; the throttler applies
   * the appendix's freezing rule (see {@link LaplacianThrottler}).
   */
  ALLOWED("allowed");

  /** Floor for r and x in Cases II and III so that p stays finite. */
  public static final double FLOOR = 1e-9;

  private final String label;

  NodalMeasure(String label) {
    this.label = label;
  }

  /** The name used on the command line and in reports. */
  public String label() {
    return label;
  }

  /** p_i for requests r and limit x. */
  public double p(double r, double x) {
    switch (this) {
      case THROTTLED_AMOUNT:
        return r - x;
      case THROTTLED_RATIO:
        {
          double rr = Math.max(r, FLOOR);
          return (rr - x) / rr;
        }
      case LOG_RATIO:
        return Math.log(Math.max(r, FLOOR) / Math.max(x, FLOOR));
      case ALLOWED:
        return x;
      default:
        throw new AssertionError(this);
    }
  }

  /** By label, or null. */
  public static NodalMeasure byLabel(String label) {
    for (NodalMeasure m : values()) {
      if (m.label.equals(label)) {
        return m;
      }
    }
    return null;
  }
}
