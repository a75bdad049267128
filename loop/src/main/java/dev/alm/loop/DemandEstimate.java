package dev.alm.loop;

/**
 * A_i (paper 004 eq. 2) from the CDN answers of an interval: (answers/s) x requests per answer /
 * loadUnit, smoothed by an EWMA whose weight the dual shrinks while the answers stay within Poisson
 * noise of the smoothed value ({@link Settling}).
 */
final class DemandEstimate {

  private DemandEstimate() {}

  /**
   * Requests per CDN answer this interval, in load units: measured by the DNS from its resolvers'
   * re-query gaps when it rated at least half of the interval's answers
   * (docs/controllers/live-loop.md, "Demand behind the answers"), else the configured
   * requestsPerQuery.
   */
  static double perQuery(Interval in, LoopConfig config) {
    if (in.rated() > 0 && 2 * in.rated() >= in.queries() && in.ratedRequests() > 0) {
      return in.ratedRequests() / in.rated() / config.loadUnit();
    }
    return config.requestsPerQuery() / config.loadUnit();
  }

  /** The demand's gain schedule after the interval. */
  static Calm calm(LoopState s, Interval in, LoopConfig config) {
    double perQuery = perQuery(in, config);
    double expected = Double.isFinite(s.demand()) ? s.demand() / perQuery * in.dt() : 0;
    if (expected < Settling.MIN_EXPECTED) {
      return s.demandCalm();
    }
    Settling settling = config.settling();
    long queries = in.queries();
    return s.demandCalm()
        .next(queries - expected, expected, settling.away(queries, expected), settling);
  }

  /** A_i as this interval's answers alone measure it, in load units (not smoothed). */
  static double measured(Interval in, LoopConfig config) {
    return in.queries() / in.dt() * perQuery(in, config);
  }

  /**
   * After a demand alarm the EWMA of A_i is at its full weight, and at that weight it still follows
   * a jump over about ten intervals: in the lab, a prepend that moved a neighbour's DNS users onto
   * a PoP took its A_i from 33 to 124 requests/s over 20 s. The headroom guard's release divides a
   * proxy's headroom by this PoP's load there, so a lagging A_i lets x grow by up to 3.7 times too
   * much. For the guard, A_i is therefore the larger of the smoothed value and this interval's own
   * measurement for {@value #JUMP_INTERVALS} intervals after an alarm of the demand's gain
   * schedule, and the smoothed value otherwise (one interval's count alone would make the release
   * as noisy as the count).
   */
  static final int JUMP_INTERVALS = 3;

  /** A_i for the headroom guard (load units): see {@link #JUMP_INTERVALS}. */
  static double forGuard(double smoothed, Calm demandCalm, Interval in, LoopConfig config) {
    return demandCalm.intervals() < JUMP_INTERVALS
        ? Math.max(smoothed, measured(in, config))
        : smoothed;
  }

  /** A_i after the interval, the newest measurement weighted by demandWeight x {@code scale}. */
  static double next(LoopState s, Interval in, LoopConfig config, double scale) {
    double measured = measured(in, config);
    double w = config.demandWeight() * scale;
    return Double.isFinite(s.demand()) ? w * measured + (1 - w) * s.demand() : measured;
  }
}
