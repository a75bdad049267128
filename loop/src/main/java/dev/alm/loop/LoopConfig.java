package dev.alm.loop;

import dev.alm.controller.dual.StepSize;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import java.time.Duration;

/**
 * Settings of a PoP's control loop. Validated at construction; every field has a named default
 * ({@link #defaults}, {@link #builder}).
 *
 * <p><b>Units.</b> The controllers work in the topology's load units (paper 004 section V
 * normalises demand and capacity). The live PoP measures requests/s; {@code loadUnit} is the number
 * of requests/s per load unit, so S_i = measured rate / loadUnit and the proxy's capacity is T_i x
 * loadUnit requests/s.
 *
 * <p><b>Demand.</b> A_i (eq. 2) is the HTTP demand that PoP i's DNS answers drive. The DNS sees
 * only resolver queries, one per cache miss, so A_i = (CDN queries/s) x {@code requestsPerQuery} /
 * loadUnit, smoothed by an EWMA of weight {@code demandWeight}; requestsPerQuery is a
 * per-deployment calibration (HTTP requests that follow one answer: users behind a resolver times
 * the answer's TTL).
 *
 * @param algorithm greedy or dual
 * @param interval the control interval (the live dt of eq. 24 and the price step of eq. 17)
 * @param loadUnit requests/s per load unit, &gt; 0
 * @param requestsPerQuery HTTP requests per CDN DNS answer, &gt; 0
 * @param demandWeight EWMA weight of the newest A_i in (0, 1]
 * @param startX x when no fresh persisted state exists, in [0, 1]
 * @param safeX x published while the proxy's meter is stale, in [0, 1]
 * @param greedyGain the gain of eq. (24), per load unit per second, &gt; 0
 * @param step the dual price step (eq. 17)
 * @param beta the beta estimator (eq. 20): probe gamma, smoothing, loss
 * @param maxStep the largest change of x in one interval under the control laws, in (0, 1]: a
 *     restart or a burst of probe noise cannot swing the PoP's traffic at once
 * @param probeTimeout intervals without any probe at the proxy, while probes are expected, before
 *     the dual falls back to greedy, &ge; 1
 * @param stateMaxAge a persisted state older than this is not restored
 * @param settling the dual's gain schedule ({@link Settling}); {@link Settling#OFF} for fixed gains
 * @param betaSource where the dual takes beta_i from: FastControl probe counts or price echoes
 * @param overloadBoost the largest multiplier of the price step while the proxy is above its
 *     capacity, &ge; 1 (1: none; docs/controllers/step-and-delay.md, "Step and delay")
 * @param persistentBoost the largest multiplier while an overload persists: once the boost has
 *     reached overloadBoost, it keeps growing while the proxy stays above capacity and its load
 *     does not fall by a tenth in an interval; at most overloadBoost means no such stage
 * @param localTheta the damping of the part of the price step that S*_i(mu_i) answers at once, in
 *     (0, 2) (docs/controllers/step-and-delay.md, "Step and delay")
 * @param guardLoad the load S_j / T_j, echoed by a proxy this PoP's users reach, above which the
 *     headroom guard cuts x_i at once ({@link HeadroomGuard}), &gt; 1; infinite: no guard
 * @param sensitivityWeight EWMA weight of the newest interval's measured sigma_i in (0, 1] (the
 *     probe weights the proxy counted, docs/controllers/live-loop.md "Measured sensitivity")
 */
public record LoopConfig(
    Algorithm algorithm,
    Duration interval,
    double loadUnit,
    double requestsPerQuery,
    double demandWeight,
    double startX,
    double safeX,
    double greedyGain,
    StepSize step,
    BetaEstimatorConfig beta,
    double maxStep,
    int probeTimeout,
    Duration stateMaxAge,
    Settling settling,
    BetaSource betaSource,
    double sensitivityWeight,
    double localTheta,
    double overloadBoost,
    double persistentBoost,
    double guardLoad) {

  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  /** The default guard load ({@link HeadroomGuard}). */
  public static final double DEFAULT_GUARD_LOAD = 1.1;

  public static final double DEFAULT_START_X = 0.2;
  public static final double DEFAULT_SAFE_X = 0.2;
  public static final double DEFAULT_GREEDY_GAIN = 1.0;
  public static final double DEFAULT_DEMAND_WEIGHT = 0.1;
  public static final double DEFAULT_PROBE_GAMMA = 2.0;
  public static final double DEFAULT_BETA_WEIGHT = 0.2;
  public static final double DEFAULT_MAX_STEP = 0.2;
  public static final double DEFAULT_SENSITIVITY_WEIGHT = 0.3;
  public static final double DEFAULT_LOCAL_THETA = 1.0;
  public static final double DEFAULT_OVERLOAD_BOOST = 4;

  /**
   * The largest price-step multiplier of a persistent overload: 64 lets a proxy that only a small
   * part of its neighbours' users reach (a step 1/64 of the plain one, sigma_i/H_ii = 1/C_ji for a
   * single source) climb as fast as one that its own users reach.
   */
  public static final double DEFAULT_PERSISTENT_BOOST = 64;

  /**
   * The live price step: the scaled step of docs/controllers/step-and-delay.md with theta 0.15 and
   * no adaptation. Offline the adaptive theta 0.5 step converges fastest; live, S_i reacts to a new
   * x only after the DNS TTL and one meter window, and an adaptive step that keeps growing during
   * that lag overshoots the price several-fold. Live, S_i is also a Poisson count: the price
   * integrates its noise, with a standard deviation proportional to sqrt(theta); 0.15 rather than
   * 0.25 halves the price's wander at the cost of a slower start (docs/cluster.md).
   */
  public static final double DEFAULT_THETA = 0.15;

  /**
   * The live step divides by the diagonal H_ii, measured in-band (docs/controllers/live-loop.md,
   * "Measured curvature").
   */
  public static final StepSize.Curvature DEFAULT_CURVATURE = StepSize.Curvature.DIAGONAL;

  public static final StepSize DEFAULT_STEP =
      new StepSize.Scaled(DEFAULT_THETA, false, DEFAULT_CURVATURE);
  public static final int DEFAULT_PROBE_TIMEOUT = 5;
  public static final Duration DEFAULT_STATE_MAX_AGE = Duration.ofMinutes(5);

  public LoopConfig {
    LoopConfigChecks.required(algorithm, step, beta, settling, betaSource);
    LoopConfigChecks.interval(interval);
    LoopConfigChecks.ranges(
        loadUnit,
        requestsPerQuery,
        greedyGain,
        demandWeight,
        startX,
        safeX,
        maxStep,
        sensitivityWeight);
    LoopConfigChecks.price(overloadBoost, persistentBoost, guardLoad, localTheta);
    LoopConfigChecks.memory(probeTimeout, stateMaxAge);
  }

  public static final double DEFAULT_LOAD_UNIT = 1;
  public static final double DEFAULT_REQUESTS_PER_QUERY = 1;
  public static final BetaEstimatorConfig DEFAULT_BETA =
      new BetaEstimatorConfig(
          DEFAULT_PROBE_GAMMA, DEFAULT_BETA_WEIGHT, BetaEstimatorConfig.NO_LOSS);

  /**
   * The defaults for an algorithm: 1 s interval, 1 request/s per load unit, one request per query.
   */
  public static LoopConfig defaults(Algorithm algorithm) {
    return builder(algorithm).build();
  }

  /** A builder holding the named defaults for {@code algorithm}. */
  public static Builder builder(Algorithm algorithm) {
    return new Builder(algorithm);
  }

  /** A builder holding this configuration's values. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  public LoopConfig withAlgorithm(Algorithm a) {
    return toBuilder().algorithm(a).build();
  }

  public LoopConfig withLoad(double newLoadUnit, double newRequestsPerQuery) {
    return toBuilder().loadUnit(newLoadUnit).requestsPerQuery(newRequestsPerQuery).build();
  }

  public LoopConfig withGreedyGain(double gain) {
    return toBuilder().greedyGain(gain).build();
  }

  public LoopConfig withBeta(BetaEstimatorConfig b) {
    return toBuilder().beta(b).build();
  }

  public LoopConfig withStartX(double x) {
    return toBuilder().startX(x).build();
  }

  public LoopConfig withSettling(Settling v) {
    return toBuilder().settling(v).build();
  }

  public LoopConfig withBetaSource(BetaSource v) {
    return toBuilder().betaSource(v).build();
  }

  /** This configuration with {@link BetaSource#AUTO} resolved by {@link BetaSource#resolve}. */
  public LoopConfig resolvedFor(boolean probeKey) {
    return betaSource == BetaSource.AUTO ? withBetaSource(BetaSource.resolve(probeKey)) : this;
  }

  /**
   * Mutable settings of a {@link LoopConfig}; {@link #build()} validates them (the record's
   * constructor), so a builder may hold a refused value until it is built.
   */
  public static final class Builder {
    private Algorithm algorithm;
    private Duration interval = DEFAULT_INTERVAL;
    private double loadUnit = DEFAULT_LOAD_UNIT;
    private double requestsPerQuery = DEFAULT_REQUESTS_PER_QUERY;
    private double demandWeight = DEFAULT_DEMAND_WEIGHT;
    private double startX = DEFAULT_START_X;
    private double safeX = DEFAULT_SAFE_X;
    private double greedyGain = DEFAULT_GREEDY_GAIN;
    private StepSize step = DEFAULT_STEP;
    private BetaEstimatorConfig beta = DEFAULT_BETA;
    private double maxStep = DEFAULT_MAX_STEP;
    private int probeTimeout = DEFAULT_PROBE_TIMEOUT;
    private Duration stateMaxAge = DEFAULT_STATE_MAX_AGE;
    private Settling settling = Settling.DEFAULT;
    private BetaSource betaSource = BetaSource.AUTO;
    private double sensitivityWeight = DEFAULT_SENSITIVITY_WEIGHT;
    private double localTheta = DEFAULT_LOCAL_THETA;
    private double overloadBoost = DEFAULT_OVERLOAD_BOOST;
    private double persistentBoost = DEFAULT_PERSISTENT_BOOST;
    private double guardLoad = DEFAULT_GUARD_LOAD;

    private Builder(Algorithm algorithm) {
      this.algorithm = algorithm;
    }

    private Builder(LoopConfig c) {
      algorithm = c.algorithm;
      interval = c.interval;
      loadUnit = c.loadUnit;
      requestsPerQuery = c.requestsPerQuery;
      demandWeight = c.demandWeight;
      startX = c.startX;
      safeX = c.safeX;
      greedyGain = c.greedyGain;
      step = c.step;
      beta = c.beta;
      maxStep = c.maxStep;
      probeTimeout = c.probeTimeout;
      stateMaxAge = c.stateMaxAge;
      settling = c.settling;
      betaSource = c.betaSource;
      sensitivityWeight = c.sensitivityWeight;
      localTheta = c.localTheta;
      overloadBoost = c.overloadBoost;
      persistentBoost = c.persistentBoost;
      guardLoad = c.guardLoad;
    }

    /** Greedy or dual. */
    public Builder algorithm(Algorithm v) {
      algorithm = v;
      return this;
    }

    /** The control interval, &gt; 0. */
    public Builder interval(Duration v) {
      interval = v;
      return this;
    }

    /** Requests/s per load unit, &gt; 0. */
    public Builder loadUnit(double v) {
      loadUnit = v;
      return this;
    }

    /** HTTP requests per CDN DNS answer, &gt; 0. */
    public Builder requestsPerQuery(double v) {
      requestsPerQuery = v;
      return this;
    }

    /** EWMA weight of the newest A_i, in (0, 1]. */
    public Builder demandWeight(double v) {
      demandWeight = v;
      return this;
    }

    /** x without fresh persisted state, in [0, 1]. */
    public Builder startX(double v) {
      startX = v;
      return this;
    }

    /** x while the proxy's meter is stale, in [0, 1]. */
    public Builder safeX(double v) {
      safeX = v;
      return this;
    }

    /** Gain of eq. (24), per load unit per second, &gt; 0. */
    public Builder greedyGain(double v) {
      greedyGain = v;
      return this;
    }

    /** The dual price step (eq. 17). */
    public Builder step(StepSize v) {
      step = v;
      return this;
    }

    /** The beta estimator (eq. 20). */
    public Builder beta(BetaEstimatorConfig v) {
      beta = v;
      return this;
    }

    /** Largest change of x in one interval, in (0, 1]. */
    public Builder maxStep(double v) {
      maxStep = v;
      return this;
    }

    /** Intervals without probes before the dual falls back to greedy, &ge; 1. */
    public Builder probeTimeout(int v) {
      probeTimeout = v;
      return this;
    }

    /** Persisted state older than this is not restored, &ge; 0. */
    public Builder stateMaxAge(Duration v) {
      stateMaxAge = v;
      return this;
    }

    /** The dual's gain schedule. */
    public Builder settling(Settling v) {
      settling = v;
      return this;
    }

    /** Where the dual takes beta_i from. */
    public Builder betaSource(BetaSource v) {
      betaSource = v;
      return this;
    }

    /** The beta estimator's settings as they stand. */
    public Builder overloadBoost(double v) {
      overloadBoost = v;
      return this;
    }

    /** The largest multiplier of a persistent overload; at most overloadBoost: none. */
    public Builder persistentBoost(double v) {
      persistentBoost = v;
      return this;
    }

    /** The echoed load above which the headroom guard cuts x; infinite: no guard. */
    public Builder guardLoad(double v) {
      guardLoad = v;
      return this;
    }

    public Builder localTheta(double v) {
      localTheta = v;
      return this;
    }

    public Builder sensitivityWeight(double v) {
      sensitivityWeight = v;
      return this;
    }

    public BetaEstimatorConfig beta() {
      return beta;
    }

    /** The gain schedule as it stands. */
    public Settling settling() {
      return settling;
    }

    /** The configuration, validated; throws IllegalArgumentException naming a refused field. */
    public LoopConfig build() {
      return new LoopConfig(
          algorithm,
          interval,
          loadUnit,
          requestsPerQuery,
          demandWeight,
          startX,
          safeX,
          greedyGain,
          step,
          beta,
          maxStep,
          probeTimeout,
          stateMaxAge,
          settling,
          betaSource,
          sensitivityWeight,
          localTheta,
          overloadBoost,
          persistentBoost,
          guardLoad);
    }
  }

  /** The interval in seconds. */
  public double intervalSeconds() {
    return interval.toNanos() / 1e9;
  }
}
