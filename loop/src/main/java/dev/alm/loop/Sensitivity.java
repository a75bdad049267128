package dev.alm.loop;

/**
 * sigma_i = sum_j C_ji kappa_j and H_ii = sum_j C_ji^2 kappa_j measured in-band
 * (docs/controllers/live-loop.md, "Measured sensitivity", "Measured curvature"). The DNS of PoP j
 * signs into every probe it hands out the weight kappa_j / h_j, its own sensitivity kappa_j = -A_j
 * dx_j/dbeta_j divided by the probes it hands out per second; anycast takes a fraction C_ji of them
 * to proxy i, so the weights proxy i counts per second sum to sum_j C_ji kappa_j, the row sum of
 * the dual Hessian, following every route change without C. The probes carry the issuer's hand-out
 * rate h_j too, so the proxy measures each C_ji from its counts and sums the diagonal H_ii
 * (proxy-node's {@code CurvatureCounter}).
 */
final class Sensitivity {

  private Sensitivity() {}

  /**
   * sigma_i after the interval: an EWMA of weight {@code w} of the interval's weights per second.
   * An interval in which the proxy counted probes but none carried a weight (an older DNS, unsigned
   * probes) keeps the previous value; one in which it counted none is a sample of 0 (nobody's users
   * reach the proxy) once a weighted probe has been seen.
   */
  static double next(double previous, Interval in, double w) {
    return smoothed(previous, in.sensitivity(), in.dt(), in, w, SURGE_SPREAD);
  }

  /**
   * A sample this many times {@code z / sqrt(n)} away from the estimate, relatively, for n probes
   * counted in the interval, restarts the EWMA at the sample (with z = {@link Settling#SURGE} x 4,
   * the gain schedule's surge). sigma_i is a sum of about n weights (relative noise 1 / sqrt(n));
   * H_ii a sum of pair counts c (c - 1) (relative noise about 2 / sqrt(n) for one issuer).
   */
  private static final double SURGE_SPREAD = Settling.SURGE * Settling.DEFAULT_ALARM_Z;

  /**
   * A step is at least this factor either way: the probes a proxy counts carry different weights (a
   * PoP with few users and a large kappa_i), so its sums are noisier than their count says.
   */
  static final double STEP_FACTOR = 3;

  /** The curvature's spread: twice sigma_i's (pair counts). */
  private static final double CURVATURE_SURGE_SPREAD = 2 * SURGE_SPREAD;

  /**
   * H_ii after the interval: an EWMA of weight {@code w} of the interval's curvature sum over dt^2.
   * An interval whose counts added nothing while the proxy counted probes (probes without a rate,
   * or no issuer with two probes in it) keeps the previous value; one in which it counted none is a
   * sample of 0 once a value has been measured.
   */
  static double curvature(double previous, Interval in, double w) {
    return smoothed(previous, in.curvature(), in.dt() * in.dt(), in, w, CURVATURE_SURGE_SPREAD);
  }

  /**
   * The EWMA of weight {@code w} of the interval's {@code sum / per}; an interval without a sum
   * keeps {@code previous} unless the proxy counted no probe at all (a sample of 0 once a value has
   * been measured).
   */
  private static double smoothed(
      double previous, double sum, double per, Interval in, double w, double spread) {
    double sample;
    if (sum > 0) {
      sample = sum / per;
    } else if (in.allProbes() == 0 && Double.isFinite(previous)) {
      sample = 0;
    } else {
      return previous;
    }
    if (!Double.isFinite(previous) || surged(previous, sample, in.allProbes(), spread)) {
      return sample;
    }
    return w * sample + (1 - w) * previous;
  }

  /**
   * Whether {@code sample} is at least {@link #STEP_FACTOR} times off {@code previous} and their
   * ratio more than {@code spread / sqrt(probes)} from 1 in logarithm: a step (a route change, the
   * end of a burst of probes handed out at another rate than their weights assumed), not noise, so
   * the EWMA starts over at the sample rather than carrying the old value for ten intervals. The
   * logarithm makes a step down as detectable as the same step up: measured as a difference
   * relative to the old level, a fall can never exceed 1, so below (spread)^2 probes (256 for H_ii)
   * no fall was a step, and an inflated start's level held for ten intervals. Below {@link
   * Settling#MIN_EXPECTED} probes nothing is a step.
   */
  static boolean surged(double previous, double sample, long probes, double spread) {
    return probes >= Settling.MIN_EXPECTED
        && previous > 0
        && (sample > STEP_FACTOR * previous || sample * STEP_FACTOR < previous)
        && Math.abs(Math.log(sample / previous)) > spread / Math.sqrt(probes);
  }
}
