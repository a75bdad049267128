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
    if (surge) {
      return ALARMED;
    }
    if (settling.drifting(d, v)) {
      return drifted();
    }
    return new Calm(intervals + 1, d, v);
  }

  /**
   * After a drift alarm: half the calm intervals, and a new sum. A drift is a slow change (a neighbour's price
   * wandering, demand creeping) that the smoothed estimate has lagged for many intervals; jumping back to full
   * gains would replace a long average by one noisy interval. Halving the calm raises the gain from
   * 1 / (1 + c / h) to 1 / (1 + c / 2h). A drift that goes on and raises an alarm every k intervals holds the calm
   * near k (the fixed point of c -> (c + k) / 2): the faster the drift, the sooner it alarms and the larger the
   * gain that follows it.
   */
  Calm drifted() {
    return new Calm(intervals / 2, 0, 0);
  }

  /** The gain multiplier for this calm. */
  public double scale(Settling settling) {
    return settling.scale(intervals);
  }
}
