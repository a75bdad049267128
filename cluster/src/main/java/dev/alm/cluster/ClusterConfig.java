package dev.alm.cluster;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import dev.alm.proxy.limit.LimitMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A local cluster run: one PoP per topology node on loopback, a datacenter, and the users.
 *
 * @param topology the topology (its A_i, T_i in load units)
 * @param algorithm greedy or dual, at every PoP
 * @param duration how long the users send traffic
 * @param interval the control interval
 * @param loadUnit requests/s per load unit: PoP i's users send A_i x loadUnit requests/s, its
 *     proxy's capacity is T_i x loadUnit
 * @param resolvers simulated resolvers per PoP (each caches one answer for its TTL)
 * @param cdnTtl the TTL of CDN answers, seconds
 * @param beaconRate FastControl beacons per second per PoP
 * @param probeGamma the probe gain gamma of eq. (19)-(20)
 * @param betaWeight the EWMA weight of the newest probe count in beta_i (eq. 20), in (0, 1]
 * @param theta the dual's scaled price step (eq. 17, docs/controllers.md), without adaptation
 * @param greedyGain the gain of eq. (24), per load unit per second
 * @param startX every PoP's x at start
 * @param bodyBytes the body size of every response
 * @param flash a flash crowd, or null
 * @param seed the users' random seed
 * @param settling the dual's gain schedule at every PoP
 * @param drills failure drills (restarts, proxy kills), possibly empty
 * @param stateDir where every PoP persists its state ({@code <id>.json}), or null not to persist; a
 *     restart drill needs it
 * @param probeAuth whether the PoPs sign and verify probes with a fresh key (default); off only to
 *     show what forged probes do to an unauthenticated fleet
 * @param customers rate-limited customers and their users (docs/cluster.md, "Customers"), possibly
 *     empty
 * @param customerMode how every PoP's proxy enforces the customers' limits: {@code drl} (shares
 *     from the PoPs' DRL agents, the default), {@code independent}, {@code static} or {@code
 *     central} (a redis-server the run starts on loopback holds every customer's bucket)
 * @param centralStopSeconds in mode central, when the run stops its redis-server (a store failing
 *     mid-run); NaN never
 * @param betaSource where the dual takes beta_i from: probe counts or price echoes (needs {@code
 *     probeAuth})
 * @param overloadBoost the largest multiplier of a PoP's price step while its proxy is above
 *     capacity ({@link LoopConfig#overloadBoost()}; 1: none)
 * @param guardLoad the echoed load above which a PoP's headroom guard cuts its x ({@link
 *     LoopConfig#guardLoad()}; infinite: no guard)
 * @param withholdC whether the PoPs are given the unit matrix instead of C (users still follow C):
 *     the PoPs' loops must then learn C's effects in-band (docs/controllers.md)
 * @param priceCurvature what the PoPs' scaled price step divides by: the measured diagonal H_ii
 *     (default) or the row sum sigma_i ({@link StepSize.Curvature})
 */
public record ClusterConfig(
    Topology topology,
    Algorithm algorithm,
    Duration duration,
    Duration interval,
    double loadUnit,
    int resolvers,
    long cdnTtl,
    double beaconRate,
    double probeGamma,
    double betaWeight,
    double theta,
    double greedyGain,
    double startX,
    int bodyBytes,
    FlashCrowd flash,
    long seed,
    Settling settling,
    List<Drill> drills,
    Path stateDir,
    boolean probeAuth,
    List<CustomerLoad> customers,
    LimitMode customerMode,
    double centralStopSeconds,
    BetaSource betaSource,
    boolean withholdC,
    double overloadBoost,
    double guardLoad,
    StepSize.Curvature priceCurvature) {

  public static final double DEFAULT_LOAD_UNIT = 150;
  public static final int DEFAULT_RESOLVERS = 200;
  public static final long DEFAULT_CDN_TTL = 2;

  public static final double DEFAULT_PROBE_GAMMA = 15;
  public static final double DEFAULT_BETA_WEIGHT = LoopConfig.DEFAULT_BETA_WEIGHT;
  public static final double DEFAULT_THETA = LoopConfig.DEFAULT_THETA;
  public static final double DEFAULT_GREEDY_GAIN = 2;
  public static final double DEFAULT_START_X = 0.3;
  public static final int DEFAULT_BODY_BYTES = 64;

  public ClusterConfig {
    ClusterConfigChecks.required(topology, algorithm, settling, betaSource, overloadBoost);
    if (priceCurvature == null) {
      throw new IllegalArgumentException("priceCurvature is required (row or diagonal)");
    }
    betaSource = ClusterConfigChecks.betaSource(betaSource, probeAuth);
    ClusterConfigChecks.times(duration, interval);
    ClusterConfigChecks.ranges(
        loadUnit,
        resolvers,
        cdnTtl,
        beaconRate,
        probeGamma,
        betaWeight,
        theta,
        greedyGain,
        startX,
        bodyBytes);
    ClusterConfigChecks.topology(topology, duration, flash);
    customers = customers == null ? List.of() : List.copyOf(customers);
    ClusterConfigChecks.customers(topology, customers, customerMode, centralStopSeconds, duration);
    drills = drills == null ? List.of() : List.copyOf(drills);
    ClusterConfigChecks.drills(topology, drills, duration, stateDir);
  }

  /** The default duration of a run (that of {@code alm cluster}). */
  public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

  /** The default control interval. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  /** The default seed of the users. */
  public static final long DEFAULT_SEED = 1;

  /** The defaults on a topology. */
  public static ClusterConfig defaults(Topology t, Algorithm a, Duration duration) {
    return builder(t).algorithm(a).duration(duration).build();
  }

  /**
   * A builder on a topology with every setting at its named default: dual, {@link
   * #DEFAULT_DURATION}, {@link #DEFAULT_INTERVAL}, {@link #DEFAULT_LOAD_UNIT}, ..., no flash crowd,
   * no drills, no state directory.
   */
  public static Builder builder(Topology t) {
    return new Builder(t);
  }

  /** A builder holding this run's settings. */
  public Builder toBuilder() {
    return new Builder(topology)
        .algorithm(algorithm)
        .duration(duration)
        .interval(interval)
        .loadUnit(loadUnit)
        .resolvers(resolvers)
        .cdnTtl(cdnTtl)
        .beaconRate(beaconRate)
        .probeGamma(probeGamma)
        .betaWeight(betaWeight)
        .theta(theta)
        .greedyGain(greedyGain)
        .startX(startX)
        .bodyBytes(bodyBytes)
        .flash(flash)
        .seed(seed)
        .settling(settling)
        .drills(drills)
        .stateDir(stateDir)
        .probeAuth(probeAuth)
        .customers(customers)
        .customerMode(customerMode)
        .centralStopSeconds(centralStopSeconds)
        .betaSource(betaSource)
        .withholdC(withholdC)
        .overloadBoost(overloadBoost)
        .guardLoad(guardLoad)
        .priceCurvature(priceCurvature);
  }

  /** The same run with other drills and state directory. */
  public ClusterConfig withDrills(List<Drill> newDrills, Path newStateDir) {
    return toBuilder().drills(newDrills).stateDir(newStateDir).build();
  }

  /** Named settings of a cluster run; {@link #build()} validates them. */
  public static final class Builder {
    private final Topology topology;
    private Algorithm algorithm = Algorithm.DUAL;
    private Duration duration = DEFAULT_DURATION;
    private Duration interval = DEFAULT_INTERVAL;
    private double loadUnit = DEFAULT_LOAD_UNIT;
    private int resolvers = DEFAULT_RESOLVERS;
    private long cdnTtl = DEFAULT_CDN_TTL;
    private double beaconRate;
    private double probeGamma = DEFAULT_PROBE_GAMMA;
    private double betaWeight = DEFAULT_BETA_WEIGHT;
    private double theta = DEFAULT_THETA;
    private double greedyGain = DEFAULT_GREEDY_GAIN;
    private double startX = DEFAULT_START_X;
    private int bodyBytes = DEFAULT_BODY_BYTES;
    private FlashCrowd flash;
    private long seed = DEFAULT_SEED;
    private Settling settling = Settling.DEFAULT;
    private BetaSource betaSource = BetaSource.AUTO;
    private List<Drill> drills = List.of();
    private Path stateDir;
    private boolean probeAuth = true;
    private List<CustomerLoad> customers = List.of();
    private LimitMode customerMode = LimitMode.DRL;
    private double centralStopSeconds = Double.NaN;
    private boolean withholdC;
    private double overloadBoost = LoopConfig.DEFAULT_OVERLOAD_BOOST;
    private StepSize.Curvature priceCurvature = LoopConfig.DEFAULT_CURVATURE;
    private double guardLoad = LoopConfig.DEFAULT_GUARD_LOAD;

    private Builder(Topology topology) {
      this.topology = topology;
      this.beaconRate = BeaconBudget.perPop(topology.size());
    }

    public Builder algorithm(Algorithm v) {
      algorithm = v;
      return this;
    }

    public Builder duration(Duration v) {
      duration = v;
      return this;
    }

    public Builder interval(Duration v) {
      interval = v;
      return this;
    }

    /** Requests/s per load unit. */
    public Builder loadUnit(double v) {
      loadUnit = v;
      return this;
    }

    /** Simulated resolvers per PoP. */
    public Builder resolvers(int v) {
      resolvers = v;
      return this;
    }

    /** TTL of CDN answers, seconds. */
    public Builder cdnTtl(long v) {
      cdnTtl = v;
      return this;
    }

    /** FastControl beacons per second per PoP. */
    public Builder beaconRate(double v) {
      beaconRate = v;
      return this;
    }

    /** The probe gain gamma of eq. (19)-(20). */
    public Builder probeGamma(double v) {
      probeGamma = v;
      return this;
    }

    /** The EWMA weight of the newest probe count in beta_i (eq. 20). */
    public Builder betaWeight(double v) {
      betaWeight = v;
      return this;
    }

    /** The dual's scaled price step (eq. 17). */
    public Builder theta(double v) {
      theta = v;
      return this;
    }

    /** The gain of eq. (24), per load unit per second. */
    public Builder greedyGain(double v) {
      greedyGain = v;
      return this;
    }

    public Builder startX(double v) {
      startX = v;
      return this;
    }

    /** The body size of every response, bytes. */
    public Builder bodyBytes(int v) {
      bodyBytes = v;
      return this;
    }

    /** A flash crowd, or null for none. */
    public Builder flash(FlashCrowd v) {
      flash = v;
      return this;
    }

    public Builder seed(long v) {
      seed = v;
      return this;
    }

    public Builder settling(Settling v) {
      settling = v;
      return this;
    }

    public Builder drills(List<Drill> v) {
      drills = v;
      return this;
    }

    /** Where every PoP persists its state, or null not to persist. */
    public Builder stateDir(Path v) {
      stateDir = v;
      return this;
    }

    /** Whether probes are signed and verified (default true). */
    public Builder probeAuth(boolean v) {
      probeAuth = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the setting that is out of range
     */
    public ClusterConfig build() {
      return new ClusterConfig(
          topology,
          algorithm,
          duration,
          interval,
          loadUnit,
          resolvers,
          cdnTtl,
          beaconRate,
          probeGamma,
          betaWeight,
          theta,
          greedyGain,
          startX,
          bodyBytes,
          flash,
          seed,
          settling,
          drills,
          stateDir,
          probeAuth,
          customers,
          customerMode,
          centralStopSeconds,
          betaSource,
          withholdC,
          overloadBoost,
          guardLoad,
          priceCurvature);
    }

    /**
     * The echoed load above which the PoPs' headroom guards cut x; infinite: no guard; default
     * {@link LoopConfig}'s.
     */
    public Builder guardLoad(double v) {
      guardLoad = v;
      return this;
    }

    /** What the price step divides by; default {@link LoopConfig#DEFAULT_CURVATURE}. */
    public Builder priceCurvature(StepSize.Curvature v) {
      priceCurvature = v;
      return this;
    }

    /** The price step's largest multiplier above capacity; default {@link LoopConfig}'s. */
    public Builder overloadBoost(double v) {
      overloadBoost = v;
      return this;
    }

    /** Whether the PoPs get the unit matrix instead of C; default false (they get C). */
    public Builder withholdC(boolean v) {
      withholdC = v;
      return this;
    }

    /**
     * Where the dual takes beta_i from; default {@link BetaSource#AUTO}: price echoes when probes
     * are signed, probe counts otherwise.
     */
    public Builder betaSource(BetaSource v) {
      betaSource = v;
      return this;
    }

    /** In mode central, stop the store this many seconds into the run; default never (NaN). */
    public Builder centralStopSeconds(double v) {
      centralStopSeconds = v;
      return this;
    }

    /** Rate-limited customers and their users; default none. */
    public Builder customers(List<CustomerLoad> v) {
      customers = v;
      return this;
    }

    /** How the proxies enforce the customers' limits; default drl. */
    public Builder customerMode(LimitMode v) {
      customerMode = v;
      return this;
    }
  }

  /**
   * HTTP requests per CDN DNS answer at PoP i when its users send {@code rate} requests/s: each
   * resolver gets rate / resolvers requests/s (Poisson) and asks again at the first request after
   * its answer expires, so one answer serves on average r (TTL + 1/r) = r TTL + 1 requests.
   */
  public double requestsPerQuery(double rate) {
    double r = rate / resolvers;
    return r * cdnTtl + 1;
  }
}
