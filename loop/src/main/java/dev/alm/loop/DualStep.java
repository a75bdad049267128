package dev.alm.loop;

import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;
import dev.alm.controller.dual.DualNode;
import dev.alm.controller.dual.PriceState;
import dev.alm.controller.dual.StepSize;
import dev.alm.fastcontrol.BetaEstimate;

/**
 * The dual decomposition algorithm (paper 004 Algorithm 1) as a loop step: the price update (step
 * 6, eq. 17) for the load the last x caused, then the decision (step 5, eq. 13) with beta_i from a
 * {@link BetaSensor}. The scaled price step divides by the curvature its step configures: H_ii =
 * sum_j C_ji^2 kappa_j (diagonal, the default live) or sigma_i = sum_j C_ji kappa_j (row), both
 * measured in-band from the probes the proxy counted ({@link Sensitivity}) once any arrived, from
 * the topology's column of C before; the diagonal falls back to the measured sigma_i while no probe
 * carries a rate. Gain schedules ({@link Settling}) shrink the EWMAs of A_i and beta_i while their
 * inputs are steady. While the sensor is silent the greedy law runs instead (mode fallback) and
 * mu_i is frozen. The decision is bounded by the {@link HeadroomGuard} from the loads the echoes
 * carried. What the boost added beyond the plain step is given back once the load stays deep below
 * the price's level ({@link BoostExcess}).
 */
final class DualStep implements LoopStep {

  private final LoopConfig config;
  private final BetaSensor sensor;
  private final GreedyStep greedy;
  private final ProxyCost g;
  private final OffloadCost h;
  private final double capacity;
  private final double topologyCurvature;
  private final double sigmaFloor;
  private final boolean diagonal;
  private final double selfCorrelation;
  private final DualNode fixed;
  private final String own;

  /**
   * The largest gain g of any mode of the coupled prices that the diagonal step allows: below the
   * bound 2 sin(pi / 10) = 0.618 of a delay of two intervals (a TTL of 2 s and 1 s intervals,
   * docs/controllers/step-and-delay.md "Step and delay"), at which mu(k+1) = mu(k) - g mu(k-2)
   * turns unstable.
   */
  static final double MODE_GAIN_BOUND = 0.6;

  /** A load that fell to this share of the last interval's, or below, is progress. */
  static final double PROGRESS = 0.9;

  /**
   * @param topologyCurvature H_ii or sigma_i, as the step divides by, from the topology's column of
   *     C (floored), used until the proxy has counted weighted probes
   * @param sigmaFloor the smallest sigma_i the scaled step divides by
   * @param selfCorrelation C_ii for the own-price term of beta_i; 0 when the PoP has no C
   * @param own this PoP's id, its proxy's in the price echoes
   */
  DualStep(
      LoopConfig config,
      BetaSensor sensor,
      DualNode node,
      double capacity,
      double topologyCurvature,
      double sigmaFloor,
      double selfCorrelation,
      String own) {
    this.config = config;
    this.sensor = sensor;
    this.greedy = new GreedyStep(config, capacity);
    this.g = node.proxyCost();
    this.h = node.offloadCost();
    this.capacity = capacity;
    this.topologyCurvature = topologyCurvature;
    this.sigmaFloor = sigmaFloor;
    this.diagonal =
        config.step() instanceof StepSize.Scaled sc
            && sc.curvature() == StepSize.Curvature.DIAGONAL;
    this.selfCorrelation = selfCorrelation;
    this.fixed = node;
    this.own = own;
  }

  @Override
  public LoopState step(LoopState s, Interval in) {
    Settling settling = config.settling();
    double load = in.load();
    double dt = in.dt();
    // the last estimate as the probes of this interval saw it: under the price planned last
    // interval
    BetaEstimate planned = s.beta() == null ? null : shift(s.beta(), s.mu() - s.alignedPrice());
    double previousBeta = planned == null ? 0 : planned.beta();
    long intervals = s.intervals() + 1;

    // the gain schedules, each input its own, alarms first so that an alarm interval already steps
    // with full gains. The price watches requests against S* (above T_i in one interval is a
    // surge); beta_i and A_i watch their own counts against what their smoothed values predict.
    Calm priceCalm = s.priceCalm();
    if (Double.isFinite(s.sStar()) && !(s.mu() <= 0 && load < s.sStar())) {
      double requests = config.loadUnit() * dt;
      priceCalm =
          priceCalm.next(
              (load - s.sStar()) * requests,
              load * requests,
              settling.above(in.m().load() * dt, capacity * config.loadUnit() * dt),
              settling);
    }
    Calm betaCalm = sensor.calm(s.betaCalm(), in, planned, settling);
    Calm demandCalm = DemandEstimate.calm(s, in, config);
    double demand = DemandEstimate.next(s, in, config, demandCalm.scale(settling));
    BetaEstimate beta = sensor.estimate(in, planned, betaCalm.scale(settling));
    double sigma = Sensitivity.next(s.estimates().sigma(), in, config.sensitivityWeight());
    double curvature =
        Sensitivity.curvature(s.estimates().curvature(), in, config.sensitivityWeight());

    int quiet = sensor.quiet(s, in, s.mu(), previousBeta);
    if (quiet >= config.probeTimeout()) {
      return s.withX(greedy.x(s, in))
          .withEstimates(
              s.estimates().with(s.beta(), demand, load).withProbeMeasures(sigma, curvature))
          .withStatus(LoopMode.fallback(sensor.silence(quiet), quiet))
          .withGains(GainSchedule.ALARMED)
          .measured(in.m(), intervals);
    }
    // Algorithm 1 step 6 (eq. 17) for the load caused by the x published last interval, then step 5
    // (eq. 13)
    double scale = settling.schedulePrice() ? priceCalm.scale(settling) : 1;
    Stepped stepped =
        Double.isFinite(s.sStar())
            ? nextPrice(s, load, used(sigma, curvature), scale)
            : new Stepped(s.price(), s.dual().excess());
    PriceState price = stepped.state();
    double ownPrice = smoothPrice(s, price.mu(), priceCalm);
    BetaEstimate shifted = shift(beta, ownPrice - s.mu());
    DualNode.Decision d = fixed.decide(price.mu(), demand, sensor.current(shifted, own, ownPrice));
    double wanted = ControlLoop.limit(s.x(), d.x(), config.maxStep());
    double bound =
        intervals > HeadroomGuard.ARMED_AFTER
            ? HeadroomGuard.cap(
                s.x(),
                s.before(),
                DemandEstimate.forGuard(demand, demandCalm, in, config) * config.loadUnit(),
                dt,
                in.echoesByProxy(),
                config.guardLoad())
            : Double.POSITIVE_INFINITY;
    return new LoopState(
        Math.min(wanted, bound),
        s.x(),
        bound < wanted ? Math.max(0, bound) : Double.POSITIVE_INFINITY,
        new DualPrice(price, d.sStar(), ownPrice, stepped.excess()),
        s.estimates().with(shifted, demand, load).withProbeMeasures(sigma, curvature),
        LoopMode.normal(quiet),
        new GainSchedule(priceCalm, betaCalm, demandCalm),
        in.m(),
        intervals);
  }

  /**
   * The node whose step this interval uses: the scaled step split by delay, dividing by {@code
   * curvature}; a constant or Theorem 3.3 step as configured.
   */
  private DualNode node(double curvature) {
    if (!(config.step() instanceof StepSize.Scaled scaled)) {
      return fixed;
    }
    return new DualNode(g, h, split(scaled.theta(), curvature), scaled.adaptive());
  }

  /**
   * What the scaled step divides by for a measured (possibly NaN) sigma_i and H_ii: H_ii under the
   * diagonal step once measured, else sigma_i once measured, else the topology's; floored.
   */
  private double used(double sigma, double curvature) {
    if (diagonal && Double.isFinite(curvature)) {
      return Math.max(divisor(config.step(), sigma, curvature), sigmaFloor);
    }
    if (Double.isFinite(sigma)) {
      return Math.max(sigma, sigmaFloor);
    }
    return topologyCurvature;
  }

  /**
   * Step 6 (eq. 17), boosted while the proxy is above its capacity. There the cost g_i is infinite
   * but the gradient S_i - S*_i is at most S_i, so the plain step climbs out of an overload no
   * faster than it approaches S*_i from below: a price that starts or is left far below its level
   * (a cold start, a route change, a flash crowd) keeps the proxy overloaded for many intervals.
   * While S_i &gt; T_i the step is multiplied by a boost that grows by {@link DualNode#GROW} every
   * interval, up to {@link LoopConfig#overloadBoost()}; at or below capacity it is the plain step,
   * except that a boost already reached holds while the load stays above S*_i
   * (docs/headroom-guard.md: the guards, not the price, brought the load back). The asymmetry is
   * the operator's: a price that climbed too far sends some users to L2 for a few intervals, one
   * that climbs too slowly keeps a proxy overloaded. A symmetric boost (growing while the gradient
   * keeps its sign either way) set off a limit cycle in the offline model of the live loop
   * (docs/controllers/step-and-delay.md, "Step and delay").
   */
  private Stepped nextPrice(LoopState s, double load, double curvature, double scale) {
    PriceState plain = node(curvature).nextPrice(s.price(), load, s.sStar(), scale);
    boolean over = load > capacity;
    // a load the guards brought back under capacity while the price is still below its level: the
    // boost holds (it neither grows nor falls back to 1) while the gradient stays positive
    boolean hold = !over && load > s.sStar() && s.price().boost() > 1;
    if ((!over && !hold) || config.overloadBoost() <= 1) {
      // below the level: what a boost added comes back once the load has stayed deep below it
      BoostExcess excess = s.dual().excess().unboosted(load, capacity, s.sStar());
      double mu =
          Math.min(
              Math.max(0, plain.mu() - excess.giveBack()), Math.max(s.mu(), ceiling(s.demand())));
      return new Stepped(
          new PriceState(mu, 1, plain.lastSign()), excess.after(excess.giveBack(), mu));
    }
    double boost = hold ? s.price().boost() : nextBoost(s.price().boost(), load, s.load());
    double mu = s.mu() + boost * (plain.mu() - s.mu());
    mu = Math.max(0, Math.min(mu, Math.max(s.mu(), ceiling(s.demand()))));
    return new Stepped(
        new PriceState(mu, boost, plain.lastSign()),
        s.dual().excess().boosted(mu - plain.mu()).after(0, mu));
  }

  /** A price step's result: the price state and the boost's excess in it. */
  private record Stepped(PriceState state, BoostExcess excess) {}

  /**
   * The highest price a step may raise mu_i to, boosted or plain: the largest boost times beta_max,
   * the coupling price at which a PoP of demand A sends everything to L2 (x* = 0: A beta = -h'(0)),
   * for A the larger of this PoP's demand and its proxy's capacity. A PoP that sends at least 1/64
   * of its users to this proxy sees that price as at least beta_max in its beta_j, so a higher one
   * moves nothing; without the ceiling an overload that no x can relieve (users that keep a stale
   * answer, a DNS that cannot be reached, a background load above capacity) would wind the price up
   * every interval, and the plain step would take as long to bring it down once the overload ends.
   * A price already above it (a restored state) is not pulled down by it.
   */
  private double ceiling(double demand) {
    double a = Math.max(capacity, Double.isFinite(demand) ? demand : 0);
    double betaMax = -h.derivative(0, a) / a;
    double boost = Math.max(config.overloadBoost(), config.persistentBoost());
    return a > 0 && betaMax > 0 && Double.isFinite(betaMax)
        ? boost * betaMax
        : Double.POSITIVE_INFINITY;
  }

  /**
   * The boost of an interval above capacity. Up to {@link LoopConfig#overloadBoost()} it grows by
   * {@link DualNode#GROW} every interval. Beyond, up to {@link LoopConfig#persistentBoost()}, it
   * grows only while the overload persists without progress: the load did not fall by {@link
   * #PROGRESS} since the last interval (a load that falls means the price already works, and the
   * boost holds). This is for a proxy that mostly other PoPs' users reach, each a small part of
   * theirs: its scaled step divides by sigma_i = sum_j C_ji kappa_j while its price moves its load
   * by about sum_j C_ji^2 kappa_j, so at C_ji = 0.1 the plain step is ten times too short and the
   * first-stage boost leaves it overloaded for a minute (docs/controllers/step-and-delay.md, "Step
   * and delay").
   */
  private double nextBoost(double boost, double load, double lastLoad) {
    double grown = boost * DualNode.GROW;
    if (boost < config.overloadBoost()) {
      return Math.min(config.overloadBoost(), grown);
    }
    double cap = Math.max(config.overloadBoost(), config.persistentBoost());
    return load < PROGRESS * lastLoad ? boost : Math.min(cap, grown);
  }

  /**
   * The price step alpha_i = 1 / (sigma_i / theta + dS*_i/dmu / THETA_LOCAL): the curvature of the
   * dual function along mu_i has two parts that reach the gradient S_i - S*_i with different
   * delays. sigma_i acts through the users: a price change moves x_j at the DNS, and S_i only after
   * the TTL and a meter window, so its part is damped by theta (docs/controllers/step-and-delay.md,
   * "Step and delay"). dS*_i/dmu acts at once (S*_i is computed from mu_i in the same step), so its
   * part only needs the smaller damping that the Poisson noise of S_i asks for.
   */
  private DualNode.StepRule split(double theta, double sigma) {
    return mu -> {
      double d = sigma / theta + g.minimiserSlope(mu) / config.localTheta();
      return d > 0 && Double.isFinite(d) ? 1 / d : theta;
    };
  }

  /**
   * What a scaled step divides by for sigma_i and H_ii (measured or from the topology's column of
   * C): sigma_i under the row step; H_ii under the diagonal step, but no less than sigma_i theta /
   * {@link #MODE_GAIN_BOUND}. The modes of the coupled prices move by theta times the eigenvalues
   * of D^-1 H (H the dual Hessian, D what the steps divide by), and Gershgorin bounds those by the
   * largest sigma_i / D_ii, since the row sums of H are the sigma_i (the rows of C sum to 1). With
   * D_ii at least this, no mode's gain exceeds the bound, however the PoPs' users spread over
   * proxies. An unmeasured (NaN) sigma_i sets no such floor.
   */
  static double divisor(StepSize step, double sigma, double curvature) {
    if (step instanceof StepSize.Scaled s && s.curvature() == StepSize.Curvature.DIAGONAL) {
      return Double.isFinite(sigma)
          ? Math.max(curvature, sigma * s.theta() / MODE_GAIN_BOUND)
          : curvature;
    }
    return sigma;
  }

  /** What the step divides by: H_ii or sigma_i, measured, else the topology's. */
  double curvatureUsed(LoopState s) {
    return used(s.estimates().sigma(), s.estimates().curvature());
  }

  /**
   * The own price that x_i is decided with: mu_i smoothed on the price's gain schedule. beta_i =
   * sum_j C_ij mu_j (eq. 14) has one term the PoP knows without probes, C_ii mu_i; the price itself
   * steps at full gain and so carries the Poisson noise of S_i. While the price wanders around its
   * level (its gradient S_i - S*_i raises no alarm), x_i sees an average of it; while it climbs or
   * falls (the gradient keeps its sign and alarms), the average follows at once.
   */
  private double smoothPrice(LoopState s, double mu, Calm priceCalm) {
    double w = config.settling().schedulePrice() ? 1 : priceCalm.scale(config.settling());
    double smooth = w * mu + (1 - w) * s.alignedPrice();
    return Double.isFinite(smooth) ? Math.max(0, smooth) : mu;
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
        beta.seconds(),
        beta.routes());
  }
}
