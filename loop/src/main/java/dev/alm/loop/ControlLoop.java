package dev.alm.loop;

import dev.alm.controller.dual.DualNode;
import dev.alm.controller.dual.DualSteps;
import dev.alm.controller.dual.PriceState;
import dev.alm.controller.greedy.GreedyConfig;
import dev.alm.controller.greedy.GreedyController;
import dev.alm.controller.model.Topology;
import dev.alm.fastcontrol.BetaEstimate;
import dev.alm.fastcontrol.BetaEstimator;
import dev.alm.fastcontrol.EchoBetaEstimator;
import dev.alm.fastcontrol.EchoTotals;

/**
 * One PoP's control loop as a pure step: the loop state and the sensors' reading in, the next state
 * (and so the x to publish and the mu to plan probes with) out. Time is the reading's clock; no
 * I/O, no threads. The live daemon, the local cluster and the tests run this same code, and it
 * calls the same controllers as the offline simulator: {@link GreedyController} (paper 004
 * Algorithm 2, eq. 24) and {@link DualNode} (Algorithm 1, eq. 13 and 17) with beta_i from
 * FastControl probes ({@link BetaEstimator}, eq. 20) or from price echoes ({@link
 * EchoBetaEstimator}, {@link BetaSource}).
 *
 * <p>Safe behaviour, every interval:
 *
 * <ul>
 *   <li>proxy meter stale (no S_i): publish the configured safe x, freeze mu (mode fallback); in
 *       the first {@link #WARMUP_INTERVALS} intervals after start a stale meter only holds x (no
 *       window completed yet);
 *   <li>dual, and no probe of any category reached the proxy for {@code probeTimeout} intervals
 *       while at least three were expected from the PoP's own plan and last beta (with price
 *       echoes: no echo reached the DNS while it handed out at least three probes per interval):
 *       run the greedy law instead (mode fallback) until probes arrive again; mu is frozen
 *       meanwhile;
 *   <li>A_i and beta_i are EWMAs of their per-interval measurements, starting from priors (the
 *       topology's demand; the restored beta, or the start price of {@link StartPrice}) rather than
 *       from the first interval, whose counts are distorted by cold resolver caches and a probe
 *       plan just published;
 *   <li>x moves at most {@code maxStep} per interval, stays in [0, 1], and a NaN from any
 *       computation keeps the previous x;
 *   <li>dual: the EWMA weights of A_i and beta_i (and the price step, if configured) shrink while
 *       their counts stay within Poisson noise of what the loop expects and grow again on an alarm
 *       ({@link Settling}); the part of beta_i due to the PoP's own price, C_ii mu_i, follows the
 *       price at once rather than through the EWMA.
 * </ul>
 */
public final class ControlLoop {

  /**
   * Intervals after start during which a stale meter holds x instead of falling back: a proxy just
   * started (or restarted) has not completed a meter window yet.
   */
  static final int WARMUP_INTERVALS = 2;

  /**
   * Probes that must have been expected over an interval before their absence counts as silence.
   */
  static final double EXPECTED_PROBES = 3;

  private final LoopConfig config;
  private final Topology topology;
  private final int index;
  private final DualNode dual;
  private final BetaEstimator estimator;
  private final double capacity;
  private final double selfCorrelation;
  private final double rowSum;

  /**
   * @param config the loop's settings
   * @param topology the deployment's topology (this PoP uses its own costs, T_i, and column i of C
   *     for its step)
   * @param index this PoP's index in the topology
   */
  public ControlLoop(LoopConfig config, Topology topology, int index) {
    if (index < 0 || index >= topology.size()) {
      throw new IllegalArgumentException(
          "PoP index " + index + " outside the topology of " + topology.size());
    }
    this.config = config;
    this.topology = topology;
    this.index = index;
    this.dual = DualSteps.nodes(topology, config.step())[index];
    this.estimator = new BetaEstimator(config.beta());
    this.capacity = topology.node(index).capacity();
    this.selfCorrelation = topology.correlation().self(index);
    double sum = 0;
    for (double c : topology.correlation().row(index)) {
      sum += c;
    }
    this.rowSum = sum;
  }

  public LoopConfig config() {
    return config;
  }

  /** T_i in load units. */
  public double capacity() {
    return capacity;
  }

  /** The PoP's id. */
  public String id() {
    return topology.node(index).id();
  }

  /**
   * The state to start from: x and mu given (restored or configured), A_i from the topology as the
   * prior.
   */
  public LoopState initial(double x, double mu) {
    return LoopState.initial(
        clamp(x, config.startX()),
        Double.isFinite(mu) && mu >= 0 ? mu : 0,
        topology.node(index).demand());
  }

  /**
   * The state to start from without a persisted state: the configured start x; under the dual, the
   * start price of {@link StartPrice} and the same value as the prior of beta_i (its standard error
   * set to the value itself, so that the first counts soon dominate); under greedy, mu = 0 (no
   * probes are planned).
   */
  public LoopState initial() {
    if (config.algorithm() != Algorithm.DUAL) {
      return initial(config.startX(), 0);
    }
    double mu = startPrice();
    LoopState s = initial(config.startX(), mu);
    double prior = mu * rowSum;
    BetaEstimate beta = new BetaEstimate(prior, prior, prior, prior, 0, 0);
    return s.withEstimates(new Estimates(beta, s.demand(), s.load()));
  }

  /** mu_0 of {@link StartPrice} for this PoP's cost, start x and demand prior. */
  public double startPrice() {
    return StartPrice.of(dual.offloadCost(), config.startX(), topology.node(index).demand());
  }

  /**
   * One control interval.
   *
   * @param s the state after the previous interval
   * @param m the sensors' reading now
   * @return the next state; its x is what the DNS answers with until the next interval
   */
  public LoopState step(LoopState s, Measurement m) {
    double load = m.meterFresh() ? m.load() / config.loadUnit() : Double.NaN;
    if (s.last().none()) {
      return first(s, m, load);
    }
    double dt = (m.nowNanos() - s.lastNanos()) / 1e9;
    if (!(dt > 0)) {
      return s;
    }
    long own = Math.max(0, m.ownProbes() - s.last().ownProbes());
    long all = Math.max(0, m.allProbes() - s.last().allProbes());
    long queries = Math.max(0, m.cdnQueries() - s.last().cdnQueries());
    boolean isDual = config.algorithm() == Algorithm.DUAL;
    Settling settling = config.settling();
    double perQuery = config.requestsPerQuery() / config.loadUnit();
    // the last estimate as the probes of this interval saw it: under the price planned last
    // interval
    BetaEstimate planned = s.beta() == null ? null : shift(s.beta(), s.mu() - s.alignedPrice());
    double previousBeta = planned == null ? 0 : planned.beta();
    long intervals = s.intervals() + 1;

    // the gain schedules (dual only), each input its own: alarms first, so that an alarm interval
    // already steps
    // with full gains. The price watches requests against S* (above T_i in one interval is a
    // surge); beta_i and
    // A_i watch their own counts against what their smoothed values predict.
    Calm priceCalm = s.priceCalm();
    if (m.meterFresh() && Double.isFinite(s.sStar()) && !(s.mu() <= 0 && load < s.sStar())) {
      double requests = config.loadUnit() * dt;
      priceCalm =
          priceCalm.next(
              (load - s.sStar()) * requests,
              load * requests,
              settling.above(m.load() * dt, capacity * config.loadUnit() * dt),
              settling);
    }
    boolean echo = isDual && config.betaSource() == BetaSource.ECHO;
    EchoTotals e0 = s.last().echoes();
    EchoTotals e1 = m.echoes();
    long echoes = Math.max(0, e1.count() - e0.count());
    double echoSum = Math.max(0, e1.sum() - e0.sum());
    double echoSquares = Math.max(0, e1.squares() - e0.squares());
    Calm betaCalm = s.betaCalm();
    double expectedOwn = config.beta().gamma() * previousBeta * dt;
    if (echo) {
      if (planned != null && echoes >= Settling.MIN_EXPECTED) {
        betaCalm = echoCalm(betaCalm, echoes, echoSum, echoSquares, previousBeta, settling);
      }
    } else if (planned != null && expectedOwn >= Settling.MIN_EXPECTED) {
      betaCalm =
          betaCalm.next(own - expectedOwn, expectedOwn, settling.away(own, expectedOwn), settling);
    }
    Calm demandCalm = s.demandCalm();
    double expectedQueries = Double.isFinite(s.demand()) ? s.demand() / perQuery * dt : 0;
    if (expectedQueries >= Settling.MIN_EXPECTED) {
      demandCalm =
          demandCalm.next(
              queries - expectedQueries,
              expectedQueries,
              settling.away(queries, expectedQueries),
              settling);
    }
    double scale = isDual && settling.schedulePrice() ? priceCalm.scale(settling) : 1;

    double measured = queries / dt * perQuery;
    double w = config.demandWeight() * (isDual ? demandCalm.scale(settling) : 1);
    double demand = Double.isFinite(s.demand()) ? w * measured + (1 - w) * s.demand() : measured;
    double betaWeight = config.beta().ewmaWeight() * (isDual ? betaCalm.scale(settling) : 1);
    BetaEstimate beta =
        echo
            ? EchoBetaEstimator.next(echoes, echoSum, echoSquares, dt, planned, betaWeight)
            : estimator.next(own, dt, planned, betaWeight);

    if (!m.meterFresh() && s.intervals() < WARMUP_INTERVALS) {
      // a proxy that has just started has no completed meter window yet: hold x rather than fall
      // back
      return s.withEstimates(s.estimates().withLoad(Double.NaN)).measured(m, intervals);
    }
    if (!m.meterFresh()) {
      return s.withX(config.safeX())
          .withDual(s.dual().withOwnPrice(s.mu()))
          .withEstimates(new Estimates(beta, demand, Double.NaN))
          .withStatus(
              LoopMode.fallback(
                  "proxy meter stale: publishing safe x " + config.safeX(), s.quiet()))
          .withGains(GainSchedule.ALARMED)
          .measured(m, intervals);
    }
    if (!isDual) {
      double x = limit(s.x(), greedy(dt).step(s.x(), load, capacity));
      return s.withX(x)
          .withDual(s.dual().withOwnPrice(s.mu()))
          .withEstimates(new Estimates(beta, demand, load))
          .withStatus(LoopMode.NORMAL)
          .withGains(GainSchedule.ALARMED)
          .measured(m, intervals);
    }
    int quiet;
    if (echo) {
      long handed = Math.max(0, m.handedOut() - s.last().handedOut());
      quiet = echoes > 0 ? 0 : handed >= EXPECTED_PROBES ? s.quiet() + 1 : s.quiet();
    } else {
      double expected = config.beta().gamma() * (s.mu() * selfCorrelation + previousBeta) * dt;
      quiet = all > 0 ? 0 : expected >= EXPECTED_PROBES ? s.quiet() + 1 : s.quiet();
    }
    if (quiet >= config.probeTimeout()) {
      double x = limit(s.x(), greedy(dt).step(s.x(), load, capacity));
      return s.withX(x)
          .withEstimates(new Estimates(s.beta(), demand, load))
          .withStatus(
              LoopMode.fallback(
                  (echo ? "no price echoes for " : "no FastControl probes for ")
                      + quiet
                      + " intervals: greedy law",
                  quiet))
          .withGains(GainSchedule.ALARMED)
          .measured(m, intervals);
    }
    // Algorithm 1 step 6 (eq. 17) for the load caused by the x published last interval, then step 5
    // (eq. 13)
    PriceState price =
        Double.isFinite(s.sStar()) ? dual.nextPrice(s.price(), load, s.sStar(), scale) : s.price();
    double ownPrice = smoothPrice(s, price.mu(), priceCalm);
    BetaEstimate shifted = shift(beta, ownPrice - s.mu());
    DualNode.Decision d = dual.decide(price.mu(), demand, shifted.beta());
    double x = limit(s.x(), d.x());
    return new LoopState(
        x,
        new DualPrice(price, d.sStar(), ownPrice),
        new Estimates(shifted, demand, load),
        LoopMode.normal(quiet),
        new GainSchedule(priceCalm, betaCalm, demandCalm),
        Baseline.of(m),
        intervals);
  }

  /**
   * The own price that x_i is decided with: mu_i smoothed on the price's gain schedule. beta_i =
   * sum_j C_ij mu_j (eq. 14) has one term the PoP knows without probes, C_ii mu_i; the price itself
   * steps at full gain and so carries the Poisson noise of S_i. While the price wanders around its
   * level (its gradient S_i - S*_i raises no alarm), x_i sees an average of it; while it climbs or
   * falls (the gradient keeps its sign and alarms), the average follows at once. Without it, the
   * most loaded PoP, whose own price climbs for many intervals, decided with a beta_i that lagged
   * its own price (the EWMA of its probes had settled), kept x too high and overshot.
   */
  private double smoothPrice(LoopState s, double mu, Calm priceCalm) {
    // a scheduled price step is already calm: decide with the price itself
    double w = config.settling().schedulePrice() ? 1 : priceCalm.scale(config.settling());
    double before = s.alignedPrice();
    double smooth = w * mu + (1 - w) * before;
    return Double.isFinite(smooth) ? Math.max(0, smooth) : mu;
  }

  /**
   * The calm of beta_i's gain schedule after an interval of {@code n} price echoes: their mean
   * against the smoothed beta_i, in standard errors of the mean, written as the Poisson-unit
   * difference and variance that {@link Calm} sums (z sqrt(n) and n), so that the same surge and
   * drift tests apply. The standard error is floored at 1% of the larger of the two (and 1e-9), so
   * that echoes of one unchanging price (every proxy at the same price, or all at 0) do not alarm
   * on a rounding difference.
   */
  private static Calm echoCalm(
      Calm calm, long n, double sum, double squares, double smoothed, Settling settling) {
    double mean = sum / n;
    double variance = Math.max(0, (squares - n * mean * mean) / (n - 1));
    double floor = Math.max(1e-9, 0.01 * Math.max(mean, smoothed));
    double se = Math.max(floor, Math.sqrt(variance / n));
    double z = (mean - smoothed) / se;
    return calm.next(
        z * Math.sqrt(n), n, Math.abs(z) > Settling.SURGE * settling.alarmZ(), settling);
  }

  /** The estimate with its own-price term C_ii mu_i moved by C_ii {@code deltaMu}. */
  private BetaEstimate shift(BetaEstimate beta, double deltaMu) {
    if (deltaMu == 0 || !Double.isFinite(deltaMu) || selfCorrelation == 0) {
      return beta;
    }
    return new BetaEstimate(
        Math.max(0, beta.beta() + selfCorrelation * deltaMu),
        beta.stdError(),
        beta.rawBeta(),
        beta.rawStdError(),
        beta.count(),
        beta.seconds());
  }

  /**
   * The gain multiplier of beta_i's EWMA for the state (1 under greedy or without gain scheduling);
   * the next dual step uses the one after that interval's alarms.
   */
  public double gainScale(LoopState s) {
    return config.algorithm() == Algorithm.DUAL ? s.betaCalm().scale(config.settling()) : 1;
  }

  /**
   * The first measurement only sets the counters' baselines; x is held (no meter window has
   * completed yet).
   */
  private LoopState first(LoopState s, Measurement m, double load) {
    return s.withEstimates(s.estimates().withLoad(load))
        .withStatus(s.status().withQuiet(0))
        .measured(m, s.intervals());
  }

  /** The greedy law with the measured interval as dt, at most twice the configured interval. */
  private GreedyController greedy(double dt) {
    double step = Math.min(dt, 2 * config.intervalSeconds());
    return new GreedyController(
        new GreedyConfig(config.greedyGain(), step, GreedyConfig.DEFAULT_EPS));
  }

  /** x within maxStep of the previous x, in [0, 1]; NaN keeps the previous x. */
  private double limit(double previous, double next) {
    if (Double.isNaN(next)) {
      return previous;
    }
    double lo = previous - config.maxStep();
    double hi = previous + config.maxStep();
    return clamp(Math.min(hi, Math.max(lo, next)), previous);
  }

  /** {@code v} clamped to [0, 1]; NaN gives {@code fallback}. */
  public static double clamp(double v, double fallback) {
    if (Double.isNaN(v)) {
      return fallback;
    }
    return Math.min(1, Math.max(0, v));
  }
}
