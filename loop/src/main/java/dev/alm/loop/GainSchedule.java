package dev.alm.loop;

/**
 * The three gain schedules of the dual loop ({@link Settling}), one per input: the price step
 * watches requests against S*_i, beta_i's EWMA its own-category probes, A_i's EWMA the CDN queries.
 *
 * @param price the calm of the price step
 * @param beta the calm of beta_i's EWMA
 * @param demand the calm of A_i's EWMA
 */
public record GainSchedule(Calm price, Calm beta, Calm demand) {

  /** Every input just alarmed: full gains. */
  public static final GainSchedule ALARMED =
      new GainSchedule(Calm.ALARMED, Calm.ALARMED, Calm.ALARMED);

  public GainSchedule {
    if (price == null || beta == null || demand == null) {
      throw new IllegalArgumentException("the gain schedules are required");
    }
  }

  /** Every schedule resumed at {@code intervals} of calm (a restart). */
  public static GainSchedule resumed(long intervals) {
    Calm c = Calm.of(intervals);
    return new GainSchedule(c, c, c);
  }

  /** The shortest calm of the three: what a restart resumes from. */
  public long calm() {
    return Math.min(price.intervals(), Math.min(beta.intervals(), demand.intervals()));
  }
}
