package dev.alm.pop.control;

/**
 * How long one input of the dual loop has been steady, for the gain schedule ({@link Settling}): the intervals
 * since its last alarm, and the difference between what was counted and what the loop expected, summed since
 * then, with the Poisson variance of that sum.
 *
 * @param intervals intervals since the last alarm
 * @param drift     observed minus expected counts, summed since the last alarm
 * @param variance  the summed Poisson variance of those counts
 */
public record Calm(long intervals, double drift, double variance) {

  /** Just alarmed: full gains. */
  public static final Calm ALARMED = new Calm(0, 0, 0);

  /**
   * The next interval's calm.
   *
   * @param difference observed minus expected counts this interval (0 when the input was not measured)
   * @param variance   their Poisson variance
   * @param surge      whether this interval alone is an alarm
   */
  public Calm next(double difference, double variance, boolean surge, Settling settling) {
    double d = drift + difference;
    double v = this.variance + variance;
    if (surge || settling.drifting(d, v)) {
      return ALARMED;
    }
    return new Calm(intervals + 1, d, v);
  }

  /** The gain multiplier for this calm. */
  public double scale(Settling settling) {
    return settling.scale(intervals);
  }
}
