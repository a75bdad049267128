package dev.alm.loop;

/**
 * How long one input of the dual loop has been steady, for the gain schedule ({@link Settling}):
 * the intervals since its last alarm, and the difference between what was counted and what the loop
 * expected, summed since then, with the Poisson variance of that sum.
 *
 * @param intervals intervals since the last alarm
 * @param drift observed minus expected counts, summed since the last alarm
 * @param variance the summed Poisson variance of those counts
 * @param summed how many intervals that sum spans (since the last alarm of either kind)
 */
public record Calm(long intervals, double drift, double variance, long summed) {

  /** Just alarmed: full gains. */
  public static final Calm ALARMED = new Calm(0, 0, 0, 0);

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
    if (surge) {
      return ALARMED;
    }
    if (settling.drifting(d, v)) {
      return drifted(intervals + 1, summed + 1);
    }
    return new Calm(intervals + 1, d, v, summed + 1);
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
