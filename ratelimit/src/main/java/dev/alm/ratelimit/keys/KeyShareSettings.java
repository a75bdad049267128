package dev.alm.ratelimit.keys;

/**
 * How the PoPs share per-key limits (docs/ratelimit/keys.md): when a PoP tells a key's home PoP
 * about a key, how often, and how much it may hold. Immutable, with named defaults.
 *
 * @param reportFraction a PoP first reports a key in a window once the key's arrivals there reach
 *     this fraction of its limit (theta), and at its first request at least; below it a key is the
 *     PoP's alone. A key seen at n PoPs that none has reported overshoots its limit by less than n
 *     theta L (at most one request each at theta = 0)
 * @param updateFraction a reported key is reported again once its arrivals grew by this fraction of
 *     its limit (delta)
 * @param roundMillis the interval of the sharing rounds: reports and grants leave once a round
 * @param refreshMillis a shared key still arriving is reported at least this often
 * @param horizonRounds how many rounds of the other PoPs' arrivals a shared key keeps in reserve
 *     while it is far from its limit
 * @param maxKeys the keys a PoP holds per customer; the least recently used are forgotten (counted)
 * @param maxHomeKeys the keys a PoP holds as their home in one window; more are refused (counted)
 */
public record KeyShareSettings(
    double reportFraction,
    double updateFraction,
    double localUpdateFraction,
    long roundMillis,
    long refreshMillis,
    double horizonRounds,
    int maxKeys,
    int maxHomeKeys) {

  /**
   * The defaults: theta 0 (a key's first report at its first request in a window: a key active at n
   * PoPs that none has reported yet overshoots by less than n theta L, which at 10 PoPs and theta =
   * 5% was half the limit, while a first report costs a PoP one report per key and window); delta
   * 1% of the limit between reports of a shared key, a quarter of it for a key held alone; a round
   * every 100 ms; a shared key reported at least every 2 s while it arrives; three rounds of the
   * others' arrivals in reserve; 2^20 keys per customer at a PoP, and as their home per window.
   */
  public static final KeyShareSettings DEFAULTS =
      new KeyShareSettings(0, 0.01, 0.25, 100, 2_000, 3, 1 << 20, 1 << 20);

  /** Validates: field: reason. */
  public KeyShareSettings {
    if (!(reportFraction >= 0 && reportFraction <= 1)) {
      throw new IllegalArgumentException("reportFraction: in [0, 1], got " + reportFraction);
    }
    if (!(updateFraction > 0 && updateFraction <= 1)) {
      throw new IllegalArgumentException("updateFraction: in (0, 1], got " + updateFraction);
    }
    if (!(localUpdateFraction > 0 && localUpdateFraction <= 1)) {
      throw new IllegalArgumentException(
          "localUpdateFraction: in (0, 1], got " + localUpdateFraction);
    }
    if (roundMillis < 10 || roundMillis > 10_000) {
      throw new IllegalArgumentException("roundMillis: in [10, 10000], got " + roundMillis);
    }
    if (refreshMillis < roundMillis) {
      throw new IllegalArgumentException(
          "refreshMillis: at least roundMillis (" + roundMillis + "), got " + refreshMillis);
    }
    if (!(horizonRounds >= 0 && horizonRounds <= 100)) {
      throw new IllegalArgumentException("horizonRounds: in [0, 100], got " + horizonRounds);
    }
    if (maxKeys < 1 || maxHomeKeys < 1) {
      throw new IllegalArgumentException(
          "maxKeys: at least 1, got " + maxKeys + " (maxHomeKeys " + maxHomeKeys + ")");
    }
  }

  /** These settings with another bound on the keys held. */
  public KeyShareSettings withMaxKeys(int keys) {
    return new KeyShareSettings(
        reportFraction,
        updateFraction,
        localUpdateFraction,
        roundMillis,
        refreshMillis,
        horizonRounds,
        keys,
        maxHomeKeys);
  }

  /** These settings with another round. */
  public KeyShareSettings withRoundMillis(long millis) {
    return new KeyShareSettings(
        reportFraction,
        updateFraction,
        localUpdateFraction,
        millis,
        Math.max(millis, refreshMillis),
        horizonRounds,
        maxKeys,
        maxHomeKeys);
  }
}
