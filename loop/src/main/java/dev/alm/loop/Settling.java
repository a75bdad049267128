package dev.alm.loop;

/**
 * Gain scheduling of the dual loop: how the loop trades speed for steadiness once nothing changes.
 *
 * <p>Live, every input of the dual step is a count: beta_i from FastControl probes, A_i from DNS
 * queries, S_i from requests. With fixed gains the loop keeps reacting to their Poisson noise and
 * x_i never settles (at the probe rates a 2-core machine can carry, x moved 0.03-0.06 per interval
 * on a 12-PoP run, docs/cluster.md). As in stochastic approximation, the loop therefore shrinks its
 * gains while the inputs are steady. Each of the three gains (the price step only with {@code
 * schedulePrice}; otherwise the smoothing of the own price that x_i is decided with) has its own
 * schedule ({@link Calm}): the price watches requests against S*_i, the EWMA of beta_i its
 * own-category probes against the smoothed beta_i, the EWMA of A_i the CDN queries against the
 * smoothed A_i. After {@code calm} intervals without an alarm of its input, a gain is multiplied by
 * {@code max(floor, 1 / (1 + calm / horizon))}, so the estimates average over ever more intervals
 * and the price integrates ever less noise. Three kinds of alarm raise it again:
 *
 * <ul>
 *   <li>a surge: one interval whose count is more than {@link #SURGE} x {@code alarmZ} Poisson
 *       standard deviations away from what the loop expects (requests at the proxy above its
 *       capacity S_i dt above T_i dt; CDN queries away from the smoothed demand; own-category
 *       probes away from the smoothed beta_i, when at least {@link #MIN_EXPECTED} were expected).
 *       The margin is wide because live counts are overdispersed: a resolver's cached answer moves
 *       all its users' requests together for a TTL. A surge puts the gain back to full at once;
 *   <li>a drift: observed minus expected counts summed since the last alarm, beyond {@code alarmZ}
 *       times the square root of their summed Poisson variance. For the price that sum is the
 *       gradient S_i - S*_i: one that keeps its sign means the price is still on its way, and its
 *       step must not shrink before it arrives (a drift of 0.2 T_i at T_i = 21 requests/s raises
 *       the alarm after about 20 intervals, a drift of T_i after one or two). For beta_i and A_i it
 *       means a neighbour's price or the demand has moved. A drift cuts the calm to at most half,
 *       and to at most the intervals its sum took to alarm ({@link Calm#drifted}): a slow drift
 *       that the smoothed value lagged for many intervals only halves it (one noisy interval at
 *       full gain would move x more than the lag did), a fast one that alarms again within a few
 *       intervals brings the gain back near full. A drift that alarms every k intervals holds the
 *       calm at k: the faster the drift, the larger the gain that follows it;
 *   <li>a change: Page's two-sided CUSUM of each interval's difference in its own standard
 *       deviations, less an allowance of {@link Calm#CHANGE_K}, beyond {@link Calm#CHANGE_H}. The
 *       drift's sum tests the mean since the last alarm, so after a long calm, or after a drift of
 *       the other sign, a change takes many intervals to move it; the CUSUM forgets what lies
 *       before the change (a proxy's load 4 standard deviations under S*_i every interval alarms
 *       after 2). A change cuts the calm to at most half and at most {@link Calm#CHANGE_SPAN}.
 * </ul>
 *
 * A flash crowd, a neighbour's price jump or a restart thus reset the gains within an interval; a
 * steady deployment settles.
 *
 * @param horizon intervals over which the gains halve (the first time); 0 turns gain scheduling off
 * @param floor the smallest multiplier, in (0, 1]
 * @param alarmZ the drift alarm's threshold in Poisson standard deviations (a surge needs {@link
 *     #SURGE} times as many), &gt; 0
 * @param schedulePrice whether the price step shrinks too (on by default: the diagonal step moves
 *     each price by theta of its own Newton step, and so by that share of the Poisson noise of its
 *     gradient; while the gradient raises no alarm the price integrates less of it; off, x_i is
 *     decided with the own price smoothed on the same schedule instead)
 */
public record Settling(int horizon, double floor, double alarmZ, boolean schedulePrice) {

  /**
   * A single interval must be this many times {@code alarmZ} standard deviations off to be a surge.
   */
  public static final double SURGE = 2;

  /** Counts expected below this never raise an alarm (their Poisson tail is too fat to judge). */
  public static final double MIN_EXPECTED = 5;

  public static final int DEFAULT_HORIZON = 6;
  public static final double DEFAULT_FLOOR = 0.08;
  public static final double DEFAULT_ALARM_Z = 4;

  /**
   * The defaults: halve after 6 calm intervals, down to 8% of the gains, alarm at 4 standard
   * deviations, the price step too.
   */
  public static final Settling DEFAULT =
      new Settling(DEFAULT_HORIZON, DEFAULT_FLOOR, DEFAULT_ALARM_Z, true);

  /** Fixed gains. */
  public static final Settling OFF = new Settling(0, 1, DEFAULT_ALARM_Z, false);

  public Settling {
    if (horizon < 0) {
      throw new IllegalArgumentException("settling horizon must be >= 0 intervals, got " + horizon);
    }
    if (!(floor > 0 && floor <= 1)) {
      throw new IllegalArgumentException("settling floor must be in (0, 1], got " + floor);
    }
    if (!(alarmZ > 0) || !Double.isFinite(alarmZ)) {
      throw new IllegalArgumentException(
          "settling alarmZ must be a finite number > 0, got " + alarmZ);
    }
  }

  /** The gain multiplier after {@code calm} intervals without an alarm. */
  public double scale(long calm) {
    if (horizon == 0) {
      return 1;
    }
    return Math.max(floor, 1.0 / (1.0 + (double) Math.max(0, calm) / horizon));
  }

  /** Whether a count {@code observed} is a surge above {@code expected} (one-sided). */
  public boolean above(double observed, double expected) {
    return expected >= MIN_EXPECTED && (observed - expected) > SURGE * alarmZ * Math.sqrt(expected);
  }

  /** Whether a summed gradient {@code drift} with Poisson variance {@code variance} is an alarm. */
  public boolean drifting(double drift, double variance) {
    return variance >= MIN_EXPECTED && Math.abs(drift) > alarmZ * Math.sqrt(variance);
  }

  /** Whether a count {@code observed} is a surge on either side of {@code expected}. */
  public boolean away(double observed, double expected) {
    return expected >= MIN_EXPECTED
        && Math.abs(observed - expected) > SURGE * alarmZ * Math.sqrt(expected);
  }
}
