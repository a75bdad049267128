package dev.alm.ratelimit.keys;

/**
 * A keyed workload for {@link KeyedSimulation} (docs/ratelimit/keys.md, "Scenario files"): N PoPs,
 * K keys of one customer whose popularity is Zipf(s), a fleet-wide request rate, one limit per key
 * and window, a share of the keys active at several PoPs, and a share of the keys over their limit
 * whose users move to another PoP at one time.
 *
 * @param pops the PoPs (at least 1)
 * @param keys the customer's keys (at least 1)
 * @param zipf the Zipf exponent of the keys' popularity (rank r is chosen in proportion to r^-s)
 * @param requestsPerSecond the customer's requests per second over all PoPs (Poisson)
 * @param window the window of the per-key limit
 * @param limit the limit per key and window; 0 to derive it from {@code overLimitShare}
 * @param overLimitShare with {@code limit} 0: the limit is the expected count in a window of the
 *     key of rank {@code overLimitShare * keys}, so about that share of the keys runs over it
 * @param multiPopShare the share of keys whose requests arrive at {@code multiPops} PoPs
 * @param multiPops how many PoPs such a key is active at (each request at one of them, at random
 *     weights)
 * @param roamShare the share of the keys over their limit whose requests move to another PoP at
 *     {@code roamAt}
 * @param roamAt when those keys move, seconds
 * @param duration simulated seconds
 * @param latencyMillis one-way delay of a message between two PoPs
 * @param seed the random seed
 * @param sharing how the PoPs share the keys
 * @param faults a restart and a partition of PoP 0, or {@link KeyedFaults#NONE}
 */
public record KeyedScenario(
    int pops,
    int keys,
    double zipf,
    double requestsPerSecond,
    KeyWindow window,
    long limit,
    double overLimitShare,
    double multiPopShare,
    int multiPops,
    double roamShare,
    double roamAt,
    double duration,
    long latencyMillis,
    long seed,
    KeyShareSettings sharing,
    KeyedFaults faults) {

  /** Validates: field: reason. */
  public KeyedScenario {
    if (pops < 1 || pops > 1000) {
      throw new IllegalArgumentException("pops: in [1, 1000], got " + pops);
    }
    if (keys < 1) {
      throw new IllegalArgumentException("keys: at least 1, got " + keys);
    }
    if (!(zipf > 0 && zipf <= 10)) {
      throw new IllegalArgumentException("zipf: in (0, 10], got " + zipf);
    }
    if (!(requestsPerSecond > 0 && requestsPerSecond <= 1e8)) {
      throw new IllegalArgumentException(
          "requestsPerSecond: in (0, 1e8], got " + requestsPerSecond);
    }
    if (limit < 0) {
      throw new IllegalArgumentException("limit: at least 0, got " + limit);
    }
    share("overLimitShare", overLimitShare);
    share("multiPopShare", multiPopShare);
    share("roamShare", roamShare);
    if (multiPops < 2 || multiPops > pops && multiPopShare > 0) {
      throw new IllegalArgumentException(
          "multiPops: in [2, pops (" + pops + ")], got " + multiPops);
    }
    if (!(duration > 0 && duration <= 86_400 * 2)) {
      throw new IllegalArgumentException("duration: in (0, 172800] s, got " + duration);
    }
    if (!(roamAt >= 0)) {
      throw new IllegalArgumentException("roamAt: at least 0, got " + roamAt);
    }
    if (faults == null) {
      faults = KeyedFaults.NONE;
    }
    if (latencyMillis < 0 || latencyMillis > 10_000) {
      throw new IllegalArgumentException("latencyMillis: in [0, 10000], got " + latencyMillis);
    }
  }

  private static void share(String field, double v) {
    if (!(v >= 0 && v <= 1)) {
      throw new IllegalArgumentException(field + ": in [0, 1], got " + v);
    }
  }

  /**
   * The limit per key and window: {@code limit}, or the expected count in a window of the key of
   * rank {@code overLimitShare * keys} (at least 1).
   */
  public long effectiveLimit() {
    if (limit > 0) {
      return limit;
    }
    double rank = Math.max(1, Math.round(overLimitShare * keys));
    double h = 0;
    for (int r = 1; r <= keys; r++) {
      h += Math.pow(r, -zipf);
    }
    double perWindow = requestsPerSecond * window.millis() / 1000.0;
    return Math.max(1, Math.round(Math.pow(rank, -zipf) / h * perWindow));
  }

  /** This scenario with another seed. */
  public KeyedScenario withSeed(long s) {
    Draft d = new Draft(this);
    d.seed = s;
    return d.build();
  }

  /** This scenario over another duration. */
  public KeyedScenario withDuration(double seconds) {
    Draft d = new Draft(this);
    d.duration = seconds;
    return d.build();
  }

  /** This scenario with other sharing settings. */
  public KeyedScenario withSharing(KeyShareSettings s) {
    Draft d = new Draft(this);
    d.sharing = s;
    return d.build();
  }

  /** A scenario's fields, mutable, for readers and copies; {@link #build} checks them. */
  public static final class Draft {
    public int pops;
    public int keys;
    public double zipf;
    public double requestsPerSecond;
    public KeyWindow window;
    public long limit;
    public double overLimitShare;
    public double multiPopShare;
    public int multiPops;
    public double roamShare;
    public double roamAt;
    public double duration;
    public long latencyMillis;
    public long seed;
    public KeyShareSettings sharing;
    public KeyedFaults faults;

    /** A draft of {@code d}'s fields. */
    public Draft(KeyedScenario d) {
      pops = d.pops;
      keys = d.keys;
      zipf = d.zipf;
      requestsPerSecond = d.requestsPerSecond;
      window = d.window;
      limit = d.limit;
      overLimitShare = d.overLimitShare;
      multiPopShare = d.multiPopShare;
      multiPops = d.multiPops;
      roamShare = d.roamShare;
      roamAt = d.roamAt;
      duration = d.duration;
      latencyMillis = d.latencyMillis;
      seed = d.seed;
      sharing = d.sharing;
      faults = d.faults;
    }

    /** The scenario; {@link IllegalArgumentException} {@code field: reason} when a field is bad. */
    public KeyedScenario build() {
      return new KeyedScenario(
          pops,
          keys,
          zipf,
          requestsPerSecond,
          window,
          limit,
          overLimitShare,
          multiPopShare,
          multiPops,
          roamShare,
          roamAt,
          duration,
          latencyMillis,
          seed,
          sharing,
          faults);
    }
  }
}
