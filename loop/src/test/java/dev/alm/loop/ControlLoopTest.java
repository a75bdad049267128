package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.RequeryDemand;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pure loop with an injected clock: greedy direction, dual prices, fallbacks, clamps. */
class ControlLoopTest {

  private static final RequeryDemand.Totals NO_REQUERY = RequeryDemand.Totals.NONE;
  private static final long SECOND = 1_000_000_000L;
  private final Topology fig2 = BuiltinTopologies.paperFig2();

  /** The greedy law at a capacity of 100 load units. */
  private static final LoopConfig GREEDY = LoopConfig.defaults(Algorithm.GREEDY).withLoad(100, 1);

  /** The dual law at a capacity of 100 load units. */
  private static final LoopConfig DUAL = LoopConfig.defaults(Algorithm.DUAL).withLoad(100, 1);

  private static Measurement at(long t, double load, long own, long all, long queries) {
    return new Measurement(t * SECOND, load, own, all, queries);
  }

  /** The loop's first interval from x and mu: a load of {@code load}, no probe or query yet. */
  private static LoopState start(ControlLoop loop, double x, double mu, double load) {
    return loop.step(loop.initial(x, mu), at(0, load, 0, 0, 0));
  }

  @Test
  void greedyLowersXWhileTheProxyIsOverloaded() {
    ControlLoop loop = new ControlLoop(GREEDY, fig2, 1);
    LoopState s = start(loop, 0.5, 0, 90);
    double x = s.x();
    for (int k = 1; k <= 20; k++) {
      s = loop.step(s, at(k, 90, 0, 0, 0)); // S = 0.9 > T = 0.7 in load units
      assertTrue(s.x() <= x, "x must not rise while overloaded");
      x = s.x();
    }
    assertTrue(x < 0.05, "x after 20 overloaded intervals: " + x);
    assertEquals(Mode.NORMAL, s.mode());
  }

  @Test
  void dualRaisesThePriceUnderOverloadAndLowersXForAHighBeta() {
    ControlLoop loop = new ControlLoop(DUAL, fig2, 1);
    LoopState s = start(loop, 0.5, 0, 90);
    long probes = 0;
    for (int k = 1; k <= 10; k++) {
      probes += 60; // 60 own probes per second: beta = 60 / gamma = 30 under the price planned last
      // interval
      s = loop.step(s, at(k, 90, probes, probes, 100L * k));
    }
    assertTrue(s.mu() > 0, "mu under overload: " + s.mu());
    assertEquals(30, s.beta().rawBeta(), 1e-6);
    assertTrue(
        s.beta().beta() > 30,
        "the own price climbed since the probes were planned: " + s.beta().beta());
    assertEquals(0, s.x(), 1e-9, "beta far above gamma d: everything to L2");
    assertEquals(
        1.0, s.demand(), 1e-6, "A from 100 queries/s x 1 request per query / 100 per load unit");
  }

  @Test
  void theOwnPriceTermOfBetaFollowsThePriceAtOnce() {
    double gamma = LoopConfig.defaults(Algorithm.DUAL).beta().gamma();
    // no smoothing at all: beta is this interval's count, moved by the price change since it was
    // planned
    LoopConfig c =
        LoopConfig.defaults(Algorithm.DUAL)
            .withLoad(100, 1)
            .withSettling(Settling.OFF)
            .withBeta(
                new BetaEstimatorConfig(
                    gamma, BetaEstimatorConfig.NO_SMOOTHING, BetaEstimatorConfig.NO_LOSS));
    ControlLoop loop = new ControlLoop(c, fig2, 1);
    LoopState s = start(loop, 0.5, 0, 90);
    long probes = 0;
    for (int k = 1; k <= 10; k++) {
      probes += 60;
      double planned = s.mu();
      s = loop.step(s, at(k, 90, probes, probes, 100L * k));
      assertEquals(s.mu(), s.ownPrice(), 1e-12, "fixed gains: x is decided with the price itself");
      assertEquals(
          60 / gamma + fig2.correlation().self(1) * (s.mu() - planned), s.beta().beta(), 1e-9);
    }
    assertTrue(s.mu() > 0, "the price climbs under overload: " + s.mu());

    // with the gain schedule, x is decided with a smoothed price: one that lags a climb but follows
    // it
    ControlLoop scheduled = new ControlLoop(c.withSettling(Settling.DEFAULT), fig2, 1);
    LoopState t = start(scheduled, 0.5, 0, 90);
    probes = 0;
    for (int k = 1; k <= 10; k++) {
      probes += 60;
      t = scheduled.step(t, at(k, 90, probes, probes, 100L * k));
    }
    assertTrue(t.ownPrice() > 0 && t.ownPrice() <= t.mu(), t.ownPrice() + " against mu " + t.mu());
  }

  @Test
  void staleMeterPublishesTheSafeXAndRecovers() {
    ControlLoop loop = new ControlLoop(GREEDY, fig2, 0);
    LoopState s = start(loop, 0.9, 0, 10);
    for (int t = 1; t <= ControlLoop.WARMUP_INTERVALS; t++) {
      s = loop.step(s, at(t, 10, 0, 0, 0));
    }
    s = loop.step(s, at(3, Double.NaN, 0, 0, 0));
    assertEquals(GREEDY.safeX(), s.x());
    assertEquals(Mode.FALLBACK, s.mode());
    assertTrue(s.reason().contains("stale"));
    s = loop.step(s, at(4, 10, 0, 0, 0));
    assertEquals(Mode.NORMAL, s.mode());
  }

  @Test
  void aProxyThatHasJustStartedHoldsXUntilItsFirstMeterWindowThenFallsBack() {
    ControlLoop loop = new ControlLoop(DUAL, fig2, 1);
    LoopState s = start(loop, 0.62, 19, Double.NaN); // a restart restored x = 0.62
    for (int t = 1; t <= ControlLoop.WARMUP_INTERVALS; t++) {
      s = loop.step(s, at(t, Double.NaN, 0, 0, 0));
      assertEquals(0.62, s.x(), 1e-12, "no meter window yet: x held");
      assertEquals(19, s.mu(), 1e-12);
    }
    s = loop.step(s, at(ControlLoop.WARMUP_INTERVALS + 1, Double.NaN, 0, 0, 0));
    assertEquals(DUAL.safeX(), s.x(), "still no meter: the proxy is down");
    assertEquals(Mode.FALLBACK, s.mode());
  }

  @Test
  void dualFallsBackToGreedyWhenProbesStopAndReturnsWhenTheyResume() {
    ControlLoop loop = new ControlLoop(DUAL, fig2, 1);
    LoopState s = start(loop, 0.5, 5, 60);
    long t = 1;
    for (; t <= DUAL.probeTimeout(); t++) {
      s = loop.step(s, at(t, 60, 0, 0, 100 * t)); // mu = 5 plans probes, none arrive
    }
    assertEquals(Mode.FALLBACK, s.mode());
    assertTrue(s.reason().contains("greedy"), s.reason());
    LoopState still = loop.step(s, at(t, 60, 0, 0, 100 * t));
    t++;
    assertEquals(Mode.FALLBACK, still.mode());
    assertEquals(s.dual(), still.dual(), "mu frozen while the greedy law runs");
    assertEquals(GainSchedule.ALARMED, still.gains(), "full gains on return");
    s = loop.step(still, at(t, 60, 10, 10, 100 * t));
    assertEquals(Mode.NORMAL, s.mode());
  }

  @Test
  void silenceIsNotCountedWhileNoProbesAreExpected() {
    ControlLoop loop = new ControlLoop(DUAL, fig2, 0);
    LoopState s = start(loop, 0.5, 0, 10);
    s =
        loop.step(
            s, at(1, 10, 0, 0, 0)); // mu = 0 and no beta yet: nobody plans probes for this proxy
    assertEquals(0, s.quiet());
    assertEquals(Mode.NORMAL, s.mode());
  }

  @Test
  void xMovesAtMostMaxStepAndIgnoresARepeatedClock() {
    ControlLoop loop = new ControlLoop(DUAL, fig2, 0);
    LoopState s = start(loop, 0, 0, 10);
    LoopState next = loop.step(s, at(1, 10, 0, 0, 100)); // beta = 0: the decision is x = 1
    assertEquals(DUAL.maxStep(), next.x(), 1e-12);
    assertEquals(next, loop.step(next, at(1, 10, 0, 0, 100)));
    assertEquals(0.3, ControlLoop.clamp(Double.NaN, 0.3));
    assertEquals(1, ControlLoop.clamp(7, 0.3));
  }

  private static Measurement echoed(
      long t, double load, long queries, long handed, long n, double sum, double squares) {
    return new Measurement(
        t * SECOND, load, 0, 0, queries, new EchoTotals(n, sum, squares), handed, 0, 0, NO_REQUERY);
  }

  /** The dual law with beta from price echoes, at a capacity of 100 load units. */
  private static final LoopConfig ECHO = DUAL.withBetaSource(BetaSource.ECHO);

  /** The loop's first interval from x = 0.5: a load of 20, nothing asked or echoed yet. */
  private static LoopState firstEchoStep(ControlLoop loop) {
    return loop.step(loop.initial(0.5, 0), echoed(0, 20, 0, 0, 0, 0, 0));
  }

  @Test
  void withPriceEchoesBetaIsTheMeanEchoedPriceWithoutAnyProbeAtTheProxy() {
    // no probe ever reaches the proxy (own = all = 0); 40 echoes per second of prices 20 and 40,
    // half each: beta_raw = 30
    ControlLoop loop = new ControlLoop(ECHO, fig2, 0);
    LoopState s = firstEchoStep(loop);
    long n = 0;
    double sum = 0;
    double squares = 0;
    for (int k = 1; k <= 30; k++) {
      n += 40;
      sum += 20 * 20 + 20 * 40;
      squares += 20 * 400 + 20 * 1600;
      s = loop.step(s, echoed(k, 20, 100L * k, 40L * k, n, sum, squares));
      assertEquals(Mode.NORMAL, s.mode(), "echoes arrive: no fallback at interval " + k);
    }
    assertEquals(30, s.beta().rawBeta(), 1e-9);
    assertEquals(Math.sqrt(100.0 * 40 / 39 / 40), s.beta().rawStdError(), 1e-9);
    assertTrue(Math.abs(s.beta().beta() - 30) < 3, "smoothed beta near 30: " + s.beta().beta());
    assertEquals(0, s.x(), 1e-9, "beta far above the offload cost: everything to L2");
  }

  @Test
  void aPoPSignsItsSensitivityIntoItsProbesButNoneWhileItsXIsZero() {
    double gamma = fig2.node(0).gamma(); // eq. (8): kappa = 1 / (2 gamma)
    ControlLoop loop = new ControlLoop(ECHO, fig2, 0);
    LoopState s = firstEchoStep(loop);
    assertEquals(0, loop.probeWeight(s), "no hand-out rate yet");
    long n = 0;
    for (int k = 1; k <= 3; k++) {
      n += 40; // 40 probes handed out and echoed per second, every echo a price of 0
      s = loop.step(s, echoed(k, 20, 100L * k, 40L * k, n, 0, 0));
    }
    assertTrue(s.x() > 0, "a price of 0 keeps users on L1: " + s.x());
    assertEquals(1 / (2 * gamma) / 40, loop.probeWeight(s), 1e-9, "kappa / probes per second");
    double sum = 0;
    for (int k = 4; k <= 40 && s.x() > 0; k++) {
      n += 40;
      sum += 40 * 40; // every echo now a price of 40: beta far above the offload cost
      s = loop.step(s, echoed(k, 20, 100L * k, 40L * k, n, sum, 40.0 * sum));
    }
    assertEquals(0, s.x(), 1e-12, "everything to L2");
    assertEquals(0, loop.probeWeight(s), "at x = 0 a higher price moves nothing: no curvature");
  }

  @Test
  void withPriceEchoesSilenceWhileProbesAreHandedOutFallsBackToGreedy() {
    ControlLoop loop = new ControlLoop(ECHO, fig2, 0);
    LoopState s = firstEchoStep(loop);
    for (int k = 1; k <= ECHO.probeTimeout() + 1; k++) {
      // probes handed out (40 per second), none echoed back, not even the own-category ones that
      // the proxy counts
      s =
          loop.step(
              s,
              new Measurement(
                  k * SECOND,
                  20,
                  30L * k,
                  30L * k,
                  100L * k,
                  EchoTotals.NONE,
                  40L * k,
                  0,
                  0,
                  NO_REQUERY));
    }
    assertEquals(Mode.FALLBACK, s.mode());
    assertTrue(s.reason().contains("no price echoes"), s.reason());
  }

  @Test
  void withPriceEchoesUsersThatSendNoBeaconsFallBackToGreedyAndAPoPWithoutUsersDoesNot() {
    ControlLoop loop = new ControlLoop(ECHO, fig2, 0);
    LoopState asked = firstEchoStep(loop);
    LoopState idle = asked;
    for (int k = 1; k <= ECHO.probeTimeout() + 1; k++) {
      // 100 CDN queries a second, not one beacon: no probe handed out, no echo
      asked = loop.step(asked, echoed(k, 20, 100L * k, 0, 0, 0, 0));
      // no users at all: nothing was due
      idle = loop.step(idle, echoed(k, 20, 0, 0, 0, 0, 0));
    }
    assertEquals(Mode.FALLBACK, asked.mode());
    assertTrue(asked.reason().contains("no price echoes"), asked.reason());
    assertEquals(Mode.NORMAL, idle.mode(), "a PoP without users has nothing to miss");
    long t = ECHO.probeTimeout() + 2;
    asked = loop.step(asked, echoed(t, 20, 100L * t, 40, 40, 40 * 20, 40 * 400));
    assertEquals(Mode.NORMAL, asked.mode(), "echoes again: the dual again");
  }

  /**
   * The boost after {@code loads.length} intervals of the echo dual at PoP a (T = 70 requests/s).
   */
  private LoopState overloaded(double persistentBoost, double... loads) {
    return overloaded(LoopConfig.DEFAULT_OVERLOAD_BOOST, persistentBoost, loads);
  }

  private LoopState overloaded(double overloadBoost, double persistentBoost, double... loads) {
    LoopConfig c =
        LoopConfig.defaults(Algorithm.DUAL)
            .withLoad(100, 1)
            .withBetaSource(BetaSource.ECHO)
            .toBuilder()
            .overloadBoost(overloadBoost)
            .persistentBoost(persistentBoost)
            .build();
    ControlLoop loop = new ControlLoop(c, fig2, 0);
    LoopState s = loop.step(loop.initial(0.5, 0), echoed(0, loads[0], 0, 0, 0, 0, 0));
    long n = 0;
    for (int k = 1; k < loads.length; k++) {
      n += 40;
      s = loop.step(s, echoed(k, loads[k], 100L * k, 40L * k, n, 40.0 * n, 1600.0 * n));
      assertEquals(Mode.NORMAL, s.mode(), "echoes arrive: no fallback at interval " + k);
    }
    return s;
  }

  @Test
  void aPersistentOverloadKeepsGrowingTheBoostUpToItsLimit() {
    double[] steady = new double[16];
    Arrays.fill(steady, 90); // S = 0.9 > T = 0.7, never falling
    LoopState s = overloaded(LoopConfig.DEFAULT_PERSISTENT_BOOST, steady);
    assertEquals(LoopConfig.DEFAULT_PERSISTENT_BOOST, s.price().boost(), 1e-9);
    LoopState firstStageOnly = overloaded(LoopConfig.DEFAULT_OVERLOAD_BOOST, steady);
    assertEquals(LoopConfig.DEFAULT_OVERLOAD_BOOST, firstStageOnly.price().boost(), 1e-9);
    assertTrue(
        s.mu() > 4 * firstStageOnly.mu(),
        "the persistent stage climbs further: " + s.mu() + " against " + firstStageOnly.mu());
  }

  @Test
  void anOverloadNoXCanRelieveRaisesThePriceNoHigherThanTheBoostedCeiling() {
    double[] steady = new double[200];
    Arrays.fill(steady, 300); // S = 3 T whatever the price
    LoopState s = overloaded(LoopConfig.DEFAULT_PERSISTENT_BOOST, steady);
    double ceiling = LoopConfig.DEFAULT_PERSISTENT_BOOST * betaMax(s);
    // the boosts climb to the ceiling, and the plain step of eq. (17) goes no further
    assertEquals(ceiling, s.mu(), 1e-9 * ceiling, "mu at the ceiling");
    // without any boost the plain step alone stops there too
    LoopState plain = overloaded(1, 1, steady);
    assertEquals(betaMax(plain), plain.mu(), 1e-9 * betaMax(plain), "plain mu at the ceiling");
  }

  /** eq. (8): beta_max = gamma (d + 2 A), for A the larger of A_a and T_a. */
  private double betaMax(LoopState s) {
    double a = Math.max(s.demand(), fig2.node(0).capacity());
    return fig2.node(0).gamma() * (fig2.node(0).d() + 2 * a);
  }

  @Test
  void whatTheBoostAddedComesBackOnceTheLoadStaysDeepBelowTheLevel() {
    double[] loads = new double[16 + 12];
    Arrays.fill(loads, 0, 16, 90); // S = 0.9 > T = 0.7: the boost climbs
    Arrays.fill(loads, 16, loads.length, 10); // then S = 0.1, deep below 0.5 T
    LoopState peak = overloaded(LoopConfig.DEFAULT_PERSISTENT_BOOST, Arrays.copyOf(loads, 16));
    double excess = peak.dual().excess().price();
    assertTrue(excess > 0.5 * peak.mu(), "most of the price is the boost's: " + excess);
    LoopState dip =
        overloaded(
            LoopConfig.DEFAULT_PERSISTENT_BOOST,
            Arrays.copyOf(loads, 16 + BoostExcess.DEEP_INTERVALS - 1));
    assertEquals(excess, dip.dual().excess().price(), 1e-9, "a short dip gives nothing back");
    LoopState after = overloaded(LoopConfig.DEFAULT_PERSISTENT_BOOST, loads);
    double left = after.dual().excess().price();
    assertTrue(left < 0.2 * excess, "given back: " + excess + " -> " + left);
    assertTrue(
        peak.mu() - after.mu() >= excess - left,
        "the price fell by at least what was given back: " + peak.mu() + " -> " + after.mu());
  }

  @Test
  void anOverloadThatRecedesHoldsTheBoostAtTheFirstStage() {
    double[] falling = new double[12];
    for (int k = 0; k < falling.length; k++) {
      falling[k] = 500 * Math.pow(0.88, k); // 500 to 122: above T, falling by 12% an interval
    }
    LoopState s = overloaded(LoopConfig.DEFAULT_PERSISTENT_BOOST, falling);
    assertEquals(LoopConfig.DEFAULT_OVERLOAD_BOOST, s.price().boost(), 1e-9);
  }

  @Test
  void withEchoesSplitByProxyBetaIsTheSharesTimesTheCurrentPrices() {
    ControlLoop loop = new ControlLoop(ECHO, fig2, 0);
    LoopState s = firstEchoStep(loop);
    long near = 0;
    long far = 0;
    double nearSum = 0;
    double farSum = 0;
    for (int k = 1; k <= 30; k++) {
      double farPrice = k <= 20 ? 40 : 80; // the far proxy's price doubles at interval 21
      near += 120;
      far += 280;
      nearSum += 120 * 20;
      farSum += 280 * farPrice;
      Map<String, EchoTotals.Stratum> split =
          Map.of(
              "a", new EchoTotals.Stratum(near, nearSum),
              "b", new EchoTotals.Stratum(far, farSum));
      EchoTotals totals =
          new EchoTotals(near + far, nearSum + farSum, 120.0 * 400 * k + 280.0 * 1600 * k, split);
      s =
          loop.step(
              s,
              new Measurement(k * SECOND, 20, 0, 0, 100L * k, totals, 400L * k, 0, 0, NO_REQUERY));
      if (k == 20) {
        assertEquals(0.3 * 20 + 0.7 * 40, s.beta().beta(), 0.3, "beta at interval 20");
      }
    }
    assertEquals(2, s.beta().routes().routes().size());
    assertEquals(0.7, s.beta().routes().routes().get("b").share(), 1e-9);
    assertEquals(
        0.3 * 20 + 0.7 * 80, s.beta().beta(), 1.0, "beta 10 intervals after the price moved");
  }

  @Test
  void theHeadroomGuardCutsXOnlyOnceArmedAndByTheEchoedOverload() {
    LoopConfig open = ECHO.toBuilder().guardLoad(Double.POSITIVE_INFINITY).build();
    ControlLoop a = new ControlLoop(ECHO, fig2, 0);
    ControlLoop b = new ControlLoop(open, fig2, 0);
    LoopState s = firstEchoStep(a);
    LoopState u = firstEchoStep(b);
    for (int k = 1; k <= 14; k++) {
      // every interval 400 echoes from proxy "b" at price 20, which reports twice its capacity of
      // 10,000 requests/s
      long n = 400L * k;
      EchoTotals totals =
          new EchoTotals(
              n,
              20.0 * n,
              400.0 * n,
              Map.of("b", new EchoTotals.Stratum(n, 20.0 * n, n, 2.0 * n, 10_000.0 * n)));
      Measurement m =
          new Measurement(k * SECOND, 20, 0, 0, 100L * k, totals, 400L * k, 0, 0, NO_REQUERY);
      LoopState before = s;
      s = a.step(s, m);
      u = b.step(u, m);
      if (k <= HeadroomGuard.ARMED_AFTER) {
        assertEquals(u.x(), s.x(), 1e-12, "not armed yet at interval " + k);
        assertEquals(Double.POSITIVE_INFINITY, s.guard());
      } else if (k == HeadroomGuard.ARMED_AFTER + 1) {
        assertEquals(Math.min(u.x(), Math.max(before.x(), before.before()) / 2), s.x(), 1e-12);
        assertTrue(s.x() < u.x(), "cut at interval " + k);
        assertEquals(s.x(), s.guard(), 1e-12, "the status shows the bound");
      } else {
        assertTrue(s.x() <= Math.max(before.x(), before.before()) / 2 + 1e-12, "cut again");
      }
    }
  }
}
