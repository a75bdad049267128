package dev.alm.traces.synthetic;

/**
 * What the synthetic trace generator builds (docs/trace-formats.md, "Synthetic traces"). Every
 * field is checked when the record is made.
 *
 * @param seed the seed of every random draw: the same config writes the same files
 * @param pops PoPs, placed at the first {@code pops} real cities of the generator's list (2 to 48)
 * @param groups user groups (a client network with its resolver), at least {@code pops}
 * @param farResolverShare share of groups behind a far public resolver, in [0, 1)
 * @param misrouteShare share of a group's requests that anycast sends past its nearest PoP, in [0,
 *     1)
 * @param queries DNS queries to write (lines of the DNS query log)
 * @param beaconShare share of queries that are for beacon names, in (0, 1]
 * @param l1Share x: share of ordinary queries answered with the anycast address L1, in [0, 1]
 * @param beaconLoss share of beacon answers whose HTTP request never comes, in [0, 1)
 * @param queryRate DNS queries per second over all PoPs, &gt; 0
 * @param probes probe log lines to write
 * @param vantages vantage points of the paired observations (each seen once on each service)
 * @param startMillis the time of the first query, epoch milliseconds
 * @param demandStepSeconds interval of the demand series, seconds &gt; 0
 * @param flashFactor how much the flash crowd multiplies the demand of the first PoP, &gt;= 1
 * @param zone the CDN's DNS zone
 */
public record SyntheticConfig(
    long seed,
    int pops,
    int groups,
    double farResolverShare,
    double misrouteShare,
    long queries,
    double beaconShare,
    double l1Share,
    double beaconLoss,
    double queryRate,
    long probes,
    long vantages,
    long startMillis,
    double demandStepSeconds,
    double flashFactor,
    String zone) {

  /** The first query of the default config: 2026-01-01T00:00:00Z. */
  public static final long DEFAULT_START = 1_767_225_600_000L;

  public static final int DEFAULT_POPS = 12;
  public static final int DEFAULT_GROUPS = 2000;
  public static final double DEFAULT_FAR_RESOLVER_SHARE = 0.15;
  public static final double DEFAULT_MISROUTE_SHARE = 0.2;
  public static final long DEFAULT_QUERIES = 100_000;
  public static final double DEFAULT_BEACON_SHARE = 0.3;
  public static final double DEFAULT_L1_SHARE = 0.9;
  public static final double DEFAULT_BEACON_LOSS = 0.02;
  public static final double DEFAULT_QUERY_RATE = 500;
  public static final long DEFAULT_PROBES = 50_000;
  public static final long DEFAULT_VANTAGES = 5_000;
  public static final double DEFAULT_DEMAND_STEP_SECONDS = 10;
  public static final double DEFAULT_FLASH_FACTOR = 5;
  public static final String DEFAULT_ZONE = "cdn.example";

  public SyntheticConfig {
    require(
        pops >= 2 && pops <= Cities.ALL.size(),
        "pops must be in [2, " + Cities.ALL.size() + "], got " + pops);
    require(groups >= pops, "groups must be >= pops (" + pops + "), got " + groups);
    require(farResolverShare >= 0 && farResolverShare < 1, "farResolverShare must be in [0, 1)");
    require(misrouteShare >= 0 && misrouteShare < 1, "misrouteShare must be in [0, 1)");
    require(queries >= 0, "queries must be >= 0");
    require(beaconShare > 0 && beaconShare <= 1, "beaconShare must be in (0, 1]");
    require(l1Share >= 0 && l1Share <= 1, "l1Share must be in [0, 1]");
    require(beaconLoss >= 0 && beaconLoss < 1, "beaconLoss must be in [0, 1)");
    require(queryRate > 0 && Double.isFinite(queryRate), "queryRate must be > 0");
    require(probes >= 0, "probes must be >= 0");
    require(vantages >= 0, "vantages must be >= 0");
    require(
        demandStepSeconds > 0 && Double.isFinite(demandStepSeconds),
        "demandStepSeconds must be > 0");
    require(flashFactor >= 1 && Double.isFinite(flashFactor), "flashFactor must be >= 1");
    require(zone != null && !zone.isBlank(), "zone must not be empty");
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** The defaults of {@code alm traces generate}: 12 PoPs, 100,000 queries at 500/s. */
  public static SyntheticConfig defaults(long seed) {
    return builder(seed).build();
  }

  /** A builder holding the named defaults and {@code seed}. */
  public static Builder builder(long seed) {
    return new Builder(seed);
  }

  /** A builder holding this configuration's values. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The same config with other sizes. */
  public SyntheticConfig withSizes(int newPops, long newQueries, long newProbes, long newVantages) {
    return toBuilder()
        .pops(newPops)
        .groups(Math.max(groups, newPops))
        .queries(newQueries)
        .probes(newProbes)
        .vantages(newVantages)
        .build();
  }

  /** The same config with another seed. */
  public SyntheticConfig withSeed(long newSeed) {
    return toBuilder().seed(newSeed).build();
  }

  /** The same config with another beacon share. */
  public SyntheticConfig withBeaconShare(double share) {
    return toBuilder().beaconShare(share).build();
  }

  /** Mutable settings of a {@link SyntheticConfig}; {@link #build()} checks them. */
  public static final class Builder {
    private long seed;
    private int pops = DEFAULT_POPS;
    private int groups = DEFAULT_GROUPS;
    private double farResolverShare = DEFAULT_FAR_RESOLVER_SHARE;
    private double misrouteShare = DEFAULT_MISROUTE_SHARE;
    private long queries = DEFAULT_QUERIES;
    private double beaconShare = DEFAULT_BEACON_SHARE;
    private double l1Share = DEFAULT_L1_SHARE;
    private double beaconLoss = DEFAULT_BEACON_LOSS;
    private double queryRate = DEFAULT_QUERY_RATE;
    private long probes = DEFAULT_PROBES;
    private long vantages = DEFAULT_VANTAGES;
    private long startMillis = DEFAULT_START;
    private double demandStepSeconds = DEFAULT_DEMAND_STEP_SECONDS;
    private double flashFactor = DEFAULT_FLASH_FACTOR;
    private String zone = DEFAULT_ZONE;

    private Builder(long seed) {
      this.seed = seed;
    }

    private Builder(SyntheticConfig c) {
      seed = c.seed;
      pops = c.pops;
      groups = c.groups;
      farResolverShare = c.farResolverShare;
      misrouteShare = c.misrouteShare;
      queries = c.queries;
      beaconShare = c.beaconShare;
      l1Share = c.l1Share;
      beaconLoss = c.beaconLoss;
      queryRate = c.queryRate;
      probes = c.probes;
      vantages = c.vantages;
      startMillis = c.startMillis;
      demandStepSeconds = c.demandStepSeconds;
      flashFactor = c.flashFactor;
      zone = c.zone;
    }

    /** Seed of every random draw. */
    public Builder seed(long v) {
      seed = v;
      return this;
    }

    /** PoPs, 2 to 48. */
    public Builder pops(int v) {
      pops = v;
      return this;
    }

    /** User groups, at least the PoPs. */
    public Builder groups(int v) {
      groups = v;
      return this;
    }

    /** Share of groups behind a far public resolver, in [0, 1). */
    public Builder farResolverShare(double v) {
      farResolverShare = v;
      return this;
    }

    /** Share of requests anycast sends past the nearest PoP, in [0, 1). */
    public Builder misrouteShare(double v) {
      misrouteShare = v;
      return this;
    }

    /** DNS queries to write, &ge; 0. */
    public Builder queries(long v) {
      queries = v;
      return this;
    }

    /** Share of queries for beacon names, in (0, 1]. */
    public Builder beaconShare(double v) {
      beaconShare = v;
      return this;
    }

    /** x: share of ordinary queries answered L1, in [0, 1]. */
    public Builder l1Share(double v) {
      l1Share = v;
      return this;
    }

    /** Share of beacon answers never fetched, in [0, 1). */
    public Builder beaconLoss(double v) {
      beaconLoss = v;
      return this;
    }

    /** DNS queries per second over all PoPs, &gt; 0. */
    public Builder queryRate(double v) {
      queryRate = v;
      return this;
    }

    /** Probe log lines to write, &ge; 0. */
    public Builder probes(long v) {
      probes = v;
      return this;
    }

    /** Vantage points of the paired observations, &ge; 0. */
    public Builder vantages(long v) {
      vantages = v;
      return this;
    }

    /** Time of the first query, epoch milliseconds. */
    public Builder startMillis(long v) {
      startMillis = v;
      return this;
    }

    /** Interval of the demand series, seconds, &gt; 0. */
    public Builder demandStepSeconds(double v) {
      demandStepSeconds = v;
      return this;
    }

    /** Flash-crowd multiplier of the first PoP's demand, &ge; 1. */
    public Builder flashFactor(double v) {
      flashFactor = v;
      return this;
    }

    /** The CDN's DNS zone, not blank. */
    public Builder zone(String v) {
      zone = v;
      return this;
    }

    /** The configuration; throws IllegalArgumentException naming a refused field. */
    public SyntheticConfig build() {
      return new SyntheticConfig(
          seed,
          pops,
          groups,
          farResolverShare,
          misrouteShare,
          queries,
          beaconShare,
          l1Share,
          beaconLoss,
          queryRate,
          probes,
          vantages,
          startMillis,
          demandStepSeconds,
          flashFactor,
          zone);
    }
  }
}
