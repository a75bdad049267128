package dev.alm.loop.fleet;

import dev.alm.controller.model.Topology;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The settings of one run of the {@link FleetModel}: the fleet as {@code alm cluster} runs it (one
 * PoP per topology node, each with its own {@link LoopConfig}), its users, resolvers and beacons,
 * and the scheduled events. Validated at construction; every field has a named default ({@link
 * #builder}).
 *
 * <p><b>The loops' settings.</b> {@code loops} holds one {@link LoopConfig} per PoP, in topology
 * order. For a prediction of {@code alm cluster} they are the very configurations the cluster gives
 * its PoPs ({@code Cluster.popConfig(c, i).loop()}, which {@code alm predict} calls); without them
 * the builder derives them from one template as the cluster does: the template with requests per
 * query r TTL + 1 for r = A_i loadUnit / resolvers ({@link #requestsPerQuery}).
 *
 * @param topology the fleet: A_i, T_i in load units, C as the PoPs know it
 * @param loops every PoP's loop settings, in topology order
 * @param plan the probe plan's gamma and floor (eq. 19), as the PoPs' probe answerers use it
 * @param duration how long the users send traffic
 * @param resolution the model's time slice: every PoP's events of a slice are handled before the
 *     next slice, and flash crowds and route changes take effect at the first arrival after their
 *     time
 * @param resolvers resolver caches per PoP
 * @param ttlSeconds the TTL of CDN answers, seconds
 * @param beaconRate FastControl beacons per second per PoP
 * @param backgroundRate requests per second per PoP's users that reach the anycast address whatever
 *     the DNS answers (the lab's catchment checks): routed by C, counted in the proxies' load,
 *     never sent to L2; 0 for none
 * @param flashes flash crowds, possibly none
 * @param routeChanges route changes (a new C for the users' routing from a time on), possibly none
 * @param pins x published by every PoP's DNS from given times on instead of the loops' x (the loops
 *     still step, to show what they would do), possibly none
 * @param ceilingFactor the proxies' admission ceiling as a multiple of T_i (shedding above it)
 * @param burstSeconds seconds of the ceiling the admission bucket holds
 * @param meterBuckets buckets per meter window (the window is one control interval)
 * @param startLead how long before the users start the PoPs' meters and probe answerers start
 * @param probeWeights whether probes carry their issuer's weight (signed probes, as {@code alm
 *     cluster} hands out unless {@code --no-probe-auth}), so that the proxies measure sigma_i
 * @param sharedResolver whether a PoP's resolver caches all ask from one address (one large
 *     resolver): its DNS then rates none of its answers and A_i uses the configured requests per
 *     query; otherwise each cache is a resolver of its own, as {@code alm cluster}'s are
 * @param randomAnswers whether the DNS draws every answer independently (the paper's, {@code
 *     "mode": "random"}) instead of the default balanced split ({@code fastcontrol.BalancedSplit})
 * @param eyeballs the users as {@code alm lab}'s eyeball networks ({@link Eyeball}): each with
 *     {@code resolvers} caches of its own and one proxy for all its L1 requests; PoP i's demand is
 *     split among the networks its DNS answers in proportion to theirs and its beacon rate is
 *     theirs summed. Empty: every PoP's users share {@code resolvers} caches and each L1 request
 *     lands on a proxy drawn from C, at {@code beaconRate} beacons/s
 * @param backgroundAt requests/s that reach proxy j whatever x is, by PoP id (the background load
 *     an {@code alm lab} run measured at each proxy), on top of {@code backgroundRate}; possibly
 *     empty
 * @param seed the run's seed: users, DNS draws, routing, probe answers and the meters' phase
 */
public record FleetModelConfig(
    Topology topology,
    List<LoopConfig> loops,
    ProbePlanConfig plan,
    Duration duration,
    Duration resolution,
    int resolvers,
    long ttlSeconds,
    double beaconRate,
    double backgroundRate,
    List<Flash> flashes,
    List<RouteChange> routeChanges,
    List<Pin> pins,
    double ceilingFactor,
    double burstSeconds,
    int meterBuckets,
    Duration startLead,
    boolean probeWeights,
    boolean sharedResolver,
    boolean randomAnswers,
    List<Eyeball> eyeballs,
    Map<String, Double> backgroundAt,
    long seed) {

  /** {@code alm cluster}'s requests/s per load unit. */
  public static final double DEFAULT_LOAD_UNIT = 150;

  /** {@code alm cluster}'s resolvers per PoP. */
  public static final int DEFAULT_RESOLVERS = 200;

  /** {@code alm cluster}'s TTL of CDN answers, seconds. */
  public static final long DEFAULT_TTL_SECONDS = 2;

  /** {@code alm cluster}'s beacons per second per PoP. */
  public static final double DEFAULT_BEACON_RATE = 1200;

  /** {@code alm cluster}'s probe gamma. */
  public static final double DEFAULT_GAMMA = 15;

  /** {@code alm cluster}'s start x. */
  public static final double DEFAULT_START_X = 0.3;

  /** {@code alm cluster}'s greedy gain. */
  public static final double DEFAULT_GREEDY_GAIN = 2;

  /** {@code alm cluster}'s run length. */
  public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

  /** The model's time slice. */
  public static final Duration DEFAULT_RESOLUTION = Duration.ofMillis(10);

  /** The proxy's admission ceiling factor (proxy-node's ProxyConfig default). */
  public static final double DEFAULT_CEILING_FACTOR = 1.25;

  /** The proxy's admission burst, seconds of the ceiling (proxy-node's ProxyConfig default). */
  public static final double DEFAULT_BURST_SECONDS = 0.1;

  /** Meter buckets per control interval (proxy-node's ProxyConfig default). */
  public static final int DEFAULT_METER_BUCKETS = 10;

  /**
   * The users of {@code alm cluster} start 200 ms after the last PoP did (Cluster.run), so the
   * meters and the beacon-rate windows have run that long when the first request arrives.
   */
  public static final Duration DEFAULT_START_LEAD = Duration.ofMillis(200);

  /** The default seed (that of {@code alm cluster}). */
  public static final long DEFAULT_SEED = 1;

  public FleetModelConfig {
    FleetModelConfigChecks.required(topology, loops, plan);
    loops = List.copyOf(loops);
    Duration interval = FleetModelConfigChecks.interval(topology, loops);
    FleetModelConfigChecks.times(duration, resolution, interval);
    FleetModelConfigChecks.users(resolvers, ttlSeconds, beaconRate, backgroundRate);
    FleetModelConfigChecks.meter(ceilingFactor, burstSeconds, meterBuckets, interval, startLead);
    double seconds = duration.toNanos() / 1e9;
    flashes = FleetModelConfigChecks.flashes(topology, flashes, seconds);
    routeChanges = FleetModelConfigChecks.routeChanges(topology, routeChanges, seconds);
    List<Pin> p = new ArrayList<>(pins == null ? List.of() : pins);
    p.sort(Comparator.comparingDouble(Pin::atSeconds));
    pins = List.copyOf(p);
    eyeballs = FleetModelConfigChecks.eyeballs(topology, eyeballs);
    backgroundAt = FleetModelConfigChecks.backgroundAt(topology, backgroundAt);
  }

  /** The control interval (every PoP's). */
  public Duration interval() {
    return loops.get(0).interval();
  }

  /** Control intervals in the run: the ticks at k x interval, k = 1.. up to the duration. */
  public int intervals() {
    return (int) (duration.toNanos() / interval().toNanos());
  }

  /**
   * HTTP requests per CDN DNS answer for users sending {@code rate} requests/s through {@code
   * resolvers} caches with answers of {@code ttlSeconds}: r TTL + 1 with r = rate / resolvers (the
   * first request after expiry asks again), the calibration {@code alm cluster} gives its PoPs.
   */
  public static double requestsPerQuery(double rate, int resolvers, long ttlSeconds) {
    return rate / resolvers * ttlSeconds + 1;
  }

  /**
   * The loop template of {@code alm cluster}'s defaults for {@code algorithm}: load unit 150, start
   * x 0.3, greedy gain 2, the scaled price step with theta 0.15 and no adaptation, gamma 15, beta
   * weight 0.2, the default gain schedule, beta from probe counts.
   */
  public static LoopConfig clusterLoop(Algorithm algorithm) {
    return LoopConfig.builder(algorithm)
        .loadUnit(DEFAULT_LOAD_UNIT)
        .startX(DEFAULT_START_X)
        .greedyGain(DEFAULT_GREEDY_GAIN)
        .step(LoopConfig.DEFAULT_STEP)
        .beta(
            new BetaEstimatorConfig(
                DEFAULT_GAMMA, LoopConfig.DEFAULT_BETA_WEIGHT, LoopConfig.DEFAULT_BETA.lossRate()))
        .settling(Settling.DEFAULT)
        .build();
  }

  /** A builder on a topology with every setting at its named default (dual, as alm cluster). */
  public static Builder builder(Topology topology) {
    return new Builder(topology);
  }

  /** Named settings of a model run; {@link #build()} validates them. */
  public static final class Builder {
    private final Topology topology;
    private LoopConfig template = clusterLoop(Algorithm.DUAL);
    private List<LoopConfig> loops;
    private ProbePlanConfig plan;
    private Duration duration = DEFAULT_DURATION;
    private Duration resolution = DEFAULT_RESOLUTION;
    private int resolvers = DEFAULT_RESOLVERS;
    private long ttlSeconds = DEFAULT_TTL_SECONDS;
    private double beaconRate = DEFAULT_BEACON_RATE;
    private double backgroundRate;
    private final List<Flash> flashes = new ArrayList<>();
    private final List<RouteChange> routeChanges = new ArrayList<>();
    private final List<Pin> pins = new ArrayList<>();
    private double ceilingFactor = DEFAULT_CEILING_FACTOR;
    private double burstSeconds = DEFAULT_BURST_SECONDS;
    private int meterBuckets = DEFAULT_METER_BUCKETS;
    private Duration startLead = DEFAULT_START_LEAD;
    private boolean probeWeights = true;
    private boolean sharedResolver;
    private boolean randomAnswers;
    private final List<Eyeball> eyeballs = new ArrayList<>();
    private Map<String, Double> backgroundAt = Map.of();
    private long seed = DEFAULT_SEED;

    private Builder(Topology topology) {
      this.topology = topology;
    }

    /**
     * The template every PoP's loop settings are derived from when {@link #loops} is not given
     * (default: {@link #clusterLoop} for the dual).
     */
    public Builder loop(LoopConfig v) {
      template = v;
      return this;
    }

    /** Every PoP's loop settings, exactly (as {@code Cluster.popConfig} builds them). */
    public Builder loops(List<LoopConfig> v) {
      loops = v;
      return this;
    }

    /** The probe plan's settings; default gamma of the loops' beta estimator, default floor. */
    public Builder plan(ProbePlanConfig v) {
      plan = v;
      return this;
    }

    public Builder duration(Duration v) {
      duration = v;
      return this;
    }

    public Builder resolution(Duration v) {
      resolution = v;
      return this;
    }

    public Builder resolvers(int v) {
      resolvers = v;
      return this;
    }

    public Builder ttlSeconds(long v) {
      ttlSeconds = v;
      return this;
    }

    public Builder beaconRate(double v) {
      beaconRate = v;
      return this;
    }

    /** Requests/s per PoP's users that reach the anycast address whatever x is; default 0. */
    public Builder backgroundRate(double v) {
      backgroundRate = v;
      return this;
    }

    public Builder flash(Flash v) {
      flashes.add(v);
      return this;
    }

    public Builder routeChange(RouteChange v) {
      routeChanges.add(v);
      return this;
    }

    /** Every DNS answers with {@code x} throughout. */
    public Builder pinX(double x) {
      return pinX(0, x);
    }

    /** Every DNS answers with {@code x} from {@code atSeconds} on. */
    public Builder pinX(double atSeconds, double x) {
      pins.add(new Pin(atSeconds, x));
      return this;
    }

    public Builder ceilingFactor(double v) {
      ceilingFactor = v;
      return this;
    }

    public Builder burstSeconds(double v) {
      burstSeconds = v;
      return this;
    }

    public Builder meterBuckets(int v) {
      meterBuckets = v;
      return this;
    }

    public Builder startLead(Duration v) {
      startLead = v;
      return this;
    }

    public Builder seed(long v) {
      seed = v;
      return this;
    }

    /** Whether probes carry their issuer's weight (default true: signed probes). */
    public Builder probeWeights(boolean v) {
      probeWeights = v;
      return this;
    }

    /** Whether the DNS draws every answer independently (default false: balanced). */
    public Builder randomAnswers(boolean v) {
      randomAnswers = v;
      return this;
    }

    /** Whether a PoP's caches all ask from one address (default false: one address each). */
    public Builder sharedResolver(boolean v) {
      sharedResolver = v;
      return this;
    }

    /** The users as alm lab's eyeball networks (default none: the users of each PoP as one). */
    public Builder eyeballs(List<Eyeball> v) {
      eyeballs.clear();
      eyeballs.addAll(v);
      return this;
    }

    /** Requests/s reaching each proxy whatever x is, by PoP id (default none). */
    public Builder backgroundAt(Map<String, Double> v) {
      backgroundAt = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the setting that is out of range
     */
    public FleetModelConfig build() {
      List<LoopConfig> l = loops;
      if (l == null) {
        if (resolvers < 1 || ttlSeconds < 1) {
          throw new IllegalArgumentException("resolvers >= 1 and ttl >= 1 s required");
        }
        l = new ArrayList<>();
        for (int i = 0; i < topology.size(); i++) {
          double rate = topology.node(i).demand() * template.loadUnit();
          l.add(
              template.toBuilder()
                  .requestsPerQuery(requestsPerQuery(rate, resolvers, ttlSeconds))
                  .build());
        }
      }
      ProbePlanConfig p =
          plan != null
              ? plan
              : ProbePlanConfig.ofGamma(l.isEmpty() ? DEFAULT_GAMMA : l.get(0).beta().gamma());
      return new FleetModelConfig(
          topology,
          l,
          p,
          duration,
          resolution,
          resolvers,
          ttlSeconds,
          beaconRate,
          backgroundRate,
          flashes,
          routeChanges,
          pins,
          ceilingFactor,
          burstSeconds,
          meterBuckets,
          startLead,
          probeWeights,
          sharedResolver,
          randomAnswers,
          eyeballs,
          backgroundAt,
          seed);
    }
  }
}
