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
    return new SyntheticConfig(
        seed,
        12,
        2000,
        0.15,
        0.2,
        100_000,
        0.3,
        0.9,
        0.02,
        500,
        50_000,
        5_000,
        DEFAULT_START,
        10,
        5,
        "cdn.example");
  }

  /** The same config with other sizes. */
  public SyntheticConfig withSizes(int newPops, long newQueries, long newProbes, long newVantages) {
    return new SyntheticConfig(
        seed,
        newPops,
        Math.max(groups, newPops),
        farResolverShare,
        misrouteShare,
        newQueries,
        beaconShare,
        l1Share,
        beaconLoss,
        queryRate,
        newProbes,
        newVantages,
        startMillis,
        demandStepSeconds,
        flashFactor,
        zone);
  }

  /** The same config with another seed. */
  public SyntheticConfig withSeed(long newSeed) {
    return new SyntheticConfig(
        newSeed,
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

  /** The same config with another beacon share. */
  public SyntheticConfig withBeaconShare(double share) {
    return new SyntheticConfig(
        seed,
        pops,
        groups,
        farResolverShare,
        misrouteShare,
        queries,
        share,
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
