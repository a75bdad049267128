package dev.alm.loop;

import dev.alm.controller.cost.ScaledProxyCost;
import dev.alm.controller.dual.DualNode;
import dev.alm.controller.dual.DualSteps;
import dev.alm.controller.model.Topology;
import dev.alm.fastcontrol.BetaEstimate;

/**
 * One PoP's control loop as a pure step: the loop state and the sensors' reading in, the next state
 * (and so the x to publish and the mu to plan probes with) out. Time is the reading's clock; no
 * I/O, no threads. The live daemon, the local cluster and the tests run this same code, and it
 * calls the same controllers as the offline simulator: {@link GreedyController} (paper 004
 * Algorithm 2, eq. 24) and {@link DualNode} (Algorithm 1, eq. 13 and 17) with beta_i from
 * FastControl probes ({@link ProbeCountBeta}, eq. 20) or from price echoes ({@link EchoBeta}). Each
 * law is a {@link LoopStep} ({@link GreedyStep}, {@link DualStep}); this class handles what they
 * share: the first reading, the warm-up and a stale meter.
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

  /** EWMA weight of the newest interval's hand-out rate of probes. */
  static final double HAND_RATE_WEIGHT = 0.3;

  private final LoopConfig config;
  private final Topology topology;
  private final int index;
  private final DualNode dual;
  private final double rowSum;
  private final LoopStep law;

  /**
   * @param config the loop's settings
   * @param topology the deployment's topology (this PoP uses its own costs and T_i; column i of C
   *     only until its proxy has counted weighted probes, and C_ii for the own-price term of beta_i
   *     and the probe plan when beta comes from probe counts)
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
    double capacity = topology.node(index).capacity();
    DualNode node = DualSteps.nodes(topology, config.step())[index];
    // the dual aims the proxy's load below T' (NoiseMargin), so that noise alone does not carry it
    // over the guard load
    double aimed =
        NoiseMargin.capacity(
            capacity, config.loadUnit(), config.interval().toNanos() / 1e9, config.guardLoad());
    this.dual =
        aimed < capacity
            ? new DualNode(
                new ScaledProxyCost(node.proxyCost(), aimed),
                node.offloadCost(),
                node.stepRule(),
                node.adaptive())
            : node;
    double self = topology.correlation().self(index);
    double sum = 0;
    for (double c : topology.correlation().row(index)) {
      sum += c;
    }
    this.rowSum = sum;
    if (config.algorithm() == Algorithm.DUAL) {
      double floor = DualSteps.sigmaFloor(topology);
      this.law =
          new DualStep(
              config,
              BetaSensor.of(config, self),
              dual,
              capacity,
              Math.max(
                  DualStep.divisor(
                      config.step(),
                      DualSteps.sigma(topology, index),
                      DualSteps.curvature(topology, index)),
                  floor),
              floor,
              config.betaSource() == BetaSource.ECHO ? 0 : self,
              topology.node(index).id());
    } else {
      this.law = new GreedyStep(config, capacity);
    }
  }

  public LoopConfig config() {
    return config;
  }

  /** T_i in load units. */
  public double capacity() {
    return topology.node(index).capacity();
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
    if (s.last().none()) {
      return first(s, m, m.meterFresh() ? m.load() / config.loadUnit() : Double.NaN);
    }
    Interval in = Interval.between(s.last(), m, config.loadUnit());
    if (!(in.dt() > 0)) {
      return s;
    }
    long intervals = s.intervals() + 1;
    if (!in.meterFresh() && s.intervals() < WARMUP_INTERVALS) {
      // a proxy that has just started has no completed meter window yet: hold x rather than fall
      // back
      return s.withEstimates(s.estimates().withLoad(Double.NaN)).measured(m, intervals);
    }
    if (!in.meterFresh()) {
      double demand = DemandEstimate.next(s, in, config, 1);
      return s.withX(config.safeX())
          .withDual(s.dual().withOwnPrice(s.mu()))
          .withEstimates(s.estimates().with(s.beta(), demand, Double.NaN))
          .withStatus(
              LoopMode.fallback(
                  "proxy meter stale: publishing safe x " + config.safeX(), s.quiet()))
          .withGains(GainSchedule.ALARMED)
          .measured(m, intervals);
    }
    LoopState next = law.step(s, in);
    return next.withEstimates(next.estimates().withHandRate(handRate(s, in, config.settling())));
  }

  /**
   * The probes handed out per second, an EWMA of weight {@link #HAND_RATE_WEIGHT} that starts over
   * at an interval whose count is a surge away from it ({@link Settling#away}). The weight this PoP
   * signs into its probes divides by this rate, and the proxies count them at the rate they are
   * really handed out: a rate that lags a change by a factor r makes their sigma r and their
   * curvature r^2 times too large. The first interval after a start runs while the DNS, its clients
   * and their beacons warm up (live, its rate was 40-60% of the next ones'), and a change of the
   * beacon rate (a restart of the users, a resolver that moves) is a step, not a drift: both are
   * followed at once, so that only the probes of one interval carry a weight for the wrong rate
   * (and {@link Sensitivity} starts over once their sums are back at their level).
   */
  private static double handRate(LoopState s, Interval in, Settling settling) {
    double sample = in.handedOut() / in.dt();
    double before = s.estimates().handRate();
    if (!Double.isFinite(before) || settling.away(in.handedOut(), before * in.dt())) {
      return sample;
    }
    return HAND_RATE_WEIGHT * sample + (1 - HAND_RATE_WEIGHT) * before;
  }

  /**
   * The weight this PoP's DNS signs into every probe it hands out (docs/controllers/live-loop.md,
   * "Measured sensitivity"): kappa_i = -A_i dx_i/dbeta_i of its offload cost divided by the probes
   * it hands out per second, so that the weights proxy j counts per second sum to sigma_j = sum_i
   * C_ij kappa_i. 0 before the hand-out rate is known or while it is below one probe per second.
   *
   * <p>0 also while x_i is 0: the decision sits at its lower bound, where a higher beta_i moves
   * nothing, so the dual function has no curvature from this PoP along the prices of the proxies
   * its users reach. Counted, its kappa_i shortened their price steps: a small proxy shared by PoPs
   * that had all sent their users to L2 but one climbed its price by a fraction of the step it
   * needed and sat at its capacity for tens of intervals (docs/controllers/settling.md, "Random
   * topologies"). A proxy whose probes carry no weight keeps the sigma_j it had ({@link
   * Sensitivity}).
   */
  public double probeWeight(LoopState s) {
    double rate = s.estimates().handRate();
    if (!(rate >= 1) || s.x() <= 0) {
      return 0;
    }
    return dual.offloadCost().sensitivity(s.demand()) / rate;
  }

  /**
   * What the dual's scaled price step divides by in the state (H_ii under the diagonal step,
   * sigma_i under the row step): measured in-band, else from the topology's column of C; NaN under
   * greedy.
   */
  public double curvature(LoopState s) {
    return law instanceof DualStep d ? d.curvatureUsed(s) : Double.NaN;
  }

  /**
   * The hand-out rate this PoP's DNS signs into every probe with its {@link #probeWeight}: the
   * probes it hands out per second, smoothed; 0 before it is known. With it a proxy measures the
   * share C_ji of this PoP's probes it counts, and so the curvature H_ii
   * (docs/controllers/live-loop.md, "Measured curvature").
   */
  public double probeRate(LoopState s) {
    double rate = s.estimates().handRate();
    return rate >= 1 ? rate : 0;
  }

  /**
   * The gain multiplier of beta_i's EWMA for the state (1 under greedy or without gain scheduling);
   * the next dual step uses the one after that interval's alarms.
   */
  public double gainScale(LoopState s) {
    return config.algorithm() == Algorithm.DUAL ? s.betaCalm().scale(config.settling()) : 1;
  }

  /**
   * The gain multiplier of the price step for the state: its schedule's, from S_i against S*_i (1
   * under greedy, without gain scheduling or without {@link Settling#schedulePrice()}).
   */
  public double priceGainScale(LoopState s) {
    return config.algorithm() == Algorithm.DUAL && config.settling().schedulePrice()
        ? s.priceCalm().scale(config.settling())
        : 1;
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

  /** x within {@code maxStep} of the previous x, in [0, 1]; NaN keeps the previous x. */
  static double limit(double previous, double next, double maxStep) {
    if (Double.isNaN(next)) {
      return previous;
    }
    return clamp(Math.min(previous + maxStep, Math.max(previous - maxStep, next)), previous);
  }

  /** {@code v} clamped to [0, 1]; NaN gives {@code fallback}. */
  public static double clamp(double v, double fallback) {
    if (Double.isNaN(v)) {
      return fallback;
    }
    return Math.min(1, Math.max(0, v));
  }
}
