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
   * re-query gaps when it rated at least half of the interval's answers (docs/controllers.md,
   * "Demand behind the answers"), else the configured requestsPerQuery.
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

  /** A_i after the interval, the newest measurement weighted by demandWeight x {@code scale}. */
  static double next(LoopState s, Interval in, LoopConfig config, double scale) {
    double measured = in.queries() / in.dt() * perQuery(in, config);
    double w = config.demandWeight() * scale;
    return Double.isFinite(s.demand()) ? w * measured + (1 - w) * s.demand() : measured;
  }
}
