package dev.alm.loop;

/**
 * How long one input of the dual loop has been steady, for the gain schedule ({@link Settling}):
 * the intervals since its last alarm, and the difference between what was counted and what the loop
 * expected, summed since then, with the Poisson variance of that sum; and a change detector on the
 * same differences (Page's two-sided CUSUM, in standard deviations of each interval's count), which
 * forgets what lies before a change of the input.
 *
 * @param intervals intervals since the last alarm
 * @param drift observed minus expected counts, summed since the last alarm
 * @param variance the summed Poisson variance of those counts
 * @param summed how many intervals that sum spans (since the last alarm of either kind)
 * @param rise the CUSUM of counts above what was expected: each interval's difference in standard
 *     deviations less {@link #CHANGE_K}, summed and floored at 0
 * @param fall the same for counts below what was expected
 */
public record Calm(
    long intervals, double drift, double variance, long summed, double rise, double fall) {

  /**
   * The change detector's allowance, in standard deviations of one interval's count: deviations
   * smaller than this (noise, a slow drift) are left to the long sum. The long sum tests the mean
   * since the last alarm, so after a long calm a change needs many intervals to move it, and one of
   * the other sign than an old drift must first cancel what the sum holds: in the lab, a small
   * proxy's load fell from 0.9 to 0.3 of its capacity after a route change, its PoP's beta_i
   * schedule went 11 intervals without an alarm, and its price came down by about 0.1 an interval.
   */
  static final double CHANGE_K = 1;

  /**
   * The CUSUM that is a change: a count 4 standard deviations off its expectation every interval
   * (the lab's proxy above) passes it after 2 intervals, one 3 off after 3, one 2 off after 5; a
   * normal count by noise alone once in several thousand intervals (Siegmund's approximation).
   */
  static final double CHANGE_H = 4;

  /**
   * The intervals a change counts as having taken to alarm ({@link #drifted}): at most this many,
   * so the calm drops to at most this and the gain comes back near full.
   */
  static final long CHANGE_SPAN = 4;

  /** Just alarmed: full gains. */
  public static final Calm ALARMED = new Calm(0, 0, 0, 0, 0, 0);

  /** A calm of {@code intervals} since the last alarm with the sums it held, no change pending. */
  public Calm(long intervals, double drift, double variance, long summed) {
    this(intervals, drift, variance, summed, 0, 0);
  }

  /** A calm of {@code intervals} with nothing summed yet (a restart resumes from one). */
  public static Calm of(long intervals) {
    return new Calm(Math.max(0, intervals), 0, 0, 0);
  }

  /**
   * The next interval's calm.
   *
   * @param difference observed minus expected counts this interval (0 when the input was not
   *     measured)
   * @param variance their Poisson variance
   * @param surge whether this interval alone is an alarm
   */
  public Calm next(double difference, double variance, boolean surge, Settling settling) {
    double d = drift + difference;
    double v = this.variance + variance;
    // in standard deviations; a count expected below MIN_EXPECTED weighs as one of MIN_EXPECTED
    double z = difference / Math.sqrt(Math.max(variance, Settling.MIN_EXPECTED));
    double up = Math.max(0, rise + z - CHANGE_K);
    double down = Math.max(0, fall - z - CHANGE_K);
    if (surge) {
      return ALARMED;
    }
    if (settling.drifting(d, v)) {
      return drifted(intervals + 1, summed + 1);
    }
    if (Math.max(up, down) > CHANGE_H) {
      return drifted(intervals + 1, Math.min(summed + 1, CHANGE_SPAN));
    }
    return new Calm(intervals + 1, d, v, summed + 1, up, down);
  }

  /**
   * After a drift alarm: at most half the calm intervals, and at most as many as the sum took to
   * alarm; a new sum starts. A drift is a change that the smoothed estimate has lagged. A slow one
   * (a neighbour's price wandering, demand creeping) alarms only after many intervals: jumping back
   * to full gains would replace a long average by one noisy interval, so the calm only halves, from
   * c to c / 2 (the gain from 1 / (1 + c / h) to 1 / (1 + c / 2h)). A fast one (a neighbour's price
   * climbing through a flash crowd) alarms again within a few intervals of the last alarm, and the
   * calm drops to those few, so the gain is nearly full at once. A drift that goes on and alarms
   * every k intervals holds the calm at k: the faster the drift, the larger the gain.
   *
   * @param calm the calm intervals, this one included
   * @param counted the intervals in the sum that alarmed, this one included
   */
  static Calm drifted(long calm, long counted) {
    return new Calm(Math.min(calm / 2, counted), 0, 0, 0);
  }

  /** The gain multiplier for this calm. */
  public double scale(Settling settling) {
    return settling.scale(intervals);
  }
}
