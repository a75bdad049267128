package dev.alm.loop;

import dev.alm.fastcontrol.BetaEstimate;
import dev.alm.fastcontrol.EchoBetaEstimator;
import dev.alm.fastcontrol.EchoRoutes;

/**
 * beta_i from price echoes (docs/fastcontrol.md, "Price echo"): the prices that the probes PoP i's
 * DNS handed out brought back from whichever proxy routing took them to, split by that proxy into
 * its share of the echoes and its price ({@link EchoRoutes}). Its expectation is sum_j C_ij mu_j
 * whatever C is; it needs neither C nor C_ii &gt; 0.
 */
final class EchoBeta implements BetaSensor {

  private final double processShare;

  /**
   * @param processShare how far beta_i may move in one interval after an alarm, as a share of its
   *     level: the filter's process noise ({@link EchoBetaEstimator#filter}); the gain schedule
   *     shrinks it while the echoes stay steady
   */
  EchoBeta(double processShare) {
    this.processShare = processShare;
  }

  /**
   * The calm after an interval of n echoes: their mean against the smoothed beta_i, in standard
   * errors of the mean, written as the Poisson-unit difference and variance that {@link Calm} sums
   * (z sqrt(n) and n), so that the same surge and drift tests apply. The standard error is floored
   * at 1% of the larger of the two (and 1e-9), so that echoes of one unchanging price (every proxy
   * at the same price, or all at 0) do not alarm on a rounding difference.
   */
  @Override
  public Calm calm(Calm calm, Interval in, BetaEstimate planned, Settling settling) {
    long n = in.echoes();
    if (planned == null || n < Settling.MIN_EXPECTED) {
      return calm;
    }
    double smoothed = planned.beta();
    double mean = in.echoSum() / n;
    double variance = Math.max(0, (in.echoSquares() - n * mean * mean) / (n - 1));
    double floor = Math.max(1e-9, 0.01 * Math.max(mean, smoothed));
    double se = Math.max(floor, Math.sqrt(variance / n));
    double z = (mean - smoothed) / se;
    return calm.next(
        z * Math.sqrt(n), n, Math.abs(z) > Settling.SURGE * settling.alarmZ(), settling);
  }

  /**
   * The inverse-variance filter ({@link EchoBetaEstimator#filter}) of the interval's measurement:
   * with the echoes split by proxy (a DNS of this build), the smoothed shares times the current
   * prices ({@link EchoRoutes}); otherwise the mean echoed price. The raw values stay the
   * interval's mean and its standard error either way.
   */
  @Override
  public BetaEstimate estimate(Interval in, BetaEstimate planned, double scale) {
    BetaEstimate filtered =
        EchoBetaEstimator.filter(
            in.echoes(), in.echoSum(), in.echoSquares(), in.dt(), planned, processShare * scale);
    if (in.echoesByProxy().isEmpty()) {
      return filtered;
    }
    EchoRoutes before = planned == null ? EchoRoutes.NONE : planned.routes();
    EchoRoutes routes = before.next(in.echoesByProxy(), EchoRoutes.DEFAULT_WEIGHT);
    double beta = routes.beta();
    if (Double.isNaN(beta)) {
      return filtered;
    }
    BetaEstimate measured =
        new BetaEstimate(
            beta,
            routes.stdError(),
            filtered.rawBeta(),
            filtered.rawStdError(),
            filtered.count(),
            filtered.seconds(),
            routes);
    return EchoBetaEstimator.filter(measured, planned, processShare * scale);
  }

  /**
   * The estimate with a rise of the own proxy's price brought up to date. The echoes carry the
   * price each proxy published at its last interval, and the estimate smooths them further, while
   * this PoP knows its own price now. The own proxy's smoothed share of the echoes (C_ii measured
   * in-band) times the rise of the own price since its echoes last carried it is added: paper 004
   * eq. 14's own term, as the probe-count sensor adds C_ii mu_i from the topology's C. A fall is
   * left to the echoes: x_i drops as soon as its own proxy's price climbs, and grows back only on
   * prices that went through the users, as the overload boost and the guard are one-sided
   * (docs/controllers/live-loop.md, "The own price"). A PoP whose users do not reach its own proxy
   * (no echo from it) adds nothing.
   */
  @Override
  public double current(BetaEstimate beta, String own, double ownPrice) {
    EchoRoutes routes = beta.routes();
    EchoRoutes.Route r = routes == null ? null : routes.routes().get(own);
    if (r == null || !(ownPrice > r.price())) {
      return beta.beta();
    }
    return beta.beta() + routes.share(own) * (ownPrice - r.price());
  }

  /**
   * Intervals in a row without an echo while echoes were due: probes were handed out, or users
   * asked for the CDN name (at least {@link ControlLoop#EXPECTED_PROBES} queries) without a single
   * beacon. Users that never run FastControl (a client population or load generator without
   * beacons) leave no in-band trace of where routing takes them, and the step would hold x_i on
   * stale estimates while the prices run away; the greedy law at least keeps the own proxy out of
   * overload.
   */
  @Override
  public int quiet(LoopState s, Interval in, double mu, double previousBeta) {
    if (in.echoes() > 0) {
      return 0;
    }
    boolean due =
        in.handedOut() >= ControlLoop.EXPECTED_PROBES
            || (in.handedOut() == 0 && in.queries() >= ControlLoop.EXPECTED_PROBES);
    return due ? s.quiet() + 1 : s.quiet();
  }

  @Override
  public String silence(int quiet) {
    return "no price echoes for " + quiet + " intervals: greedy law";
  }
}
