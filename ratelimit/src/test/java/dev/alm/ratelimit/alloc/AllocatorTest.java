package dev.alm.ratelimit.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.gossip.GossipUpdate;
import dev.alm.ratelimit.gossip.TableGossip;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class AllocatorTest {
  static final double L = 1_000_000;
  static final double DT = 0.05;

  /**
   * Steps two limiters of one allocator {@code rounds} times with the given per-interval
   * measurement function and full, loss-free delivery; returns the last enforcements.
   */
  static Enforcement[] run(
      Allocator<GossipLimiterState, GossipUpdate> a,
      int rounds,
      BiFunction<Integer, Enforcement, LocalMeasurement> measure) {
    int n = 2;
    LimiterContext[] ctx = {
      LimiterContext.of(0, n, L, DT, 75_000), LimiterContext.of(1, n, L, DT, 75_000)
    };
    GossipLimiterState[] st = {a.initialState(ctx[0]), a.initialState(ctx[1])};
    Enforcement[] enf = {a.initialEnforcement(ctx[0], st[0]), a.initialEnforcement(ctx[1], st[1])};
    List<List<Envelope<GossipUpdate>>> inbox = List.of(new ArrayList<>(), new ArrayList<>());
    SplittableRandom rnd = new SplittableRandom(1);
    for (int r = 0; r < rounds; r++) {
      List<List<Envelope<GossipUpdate>>> next = List.of(new ArrayList<>(), new ArrayList<>());
      for (int i = 0; i < n; i++) {
        StepInput<GossipUpdate> in =
            new StepInput<>(r * DT, measure.apply(i, enf[i]), inbox.get(i), null);
        StepResult<GossipLimiterState, GossipUpdate> res = a.step(ctx[i], st[i], in, rnd);
        st[i] = res.state();
        enf[i] = res.enforcement();
        for (Envelope<GossipUpdate> e : res.outgoing()) {
          next.get(e.to()).add(e);
        }
      }
      inbox = next;
    }
    return enf;
  }

  @Test
  void fpsSplitsTheLimitInProportionToUnbottleneckedFlows() {
    // limiter 0 carries 3 unbottlenecked flows, limiter 1 carries 7: each aggregate fills its
    // limit and its fastest flow gets limit / flows (paper 001 Appendix, B_i = 0)
    int[] flows = {3, 7};
    FlowProportionalShare fps = new FlowProportionalShare(new TableGossip(2, 1, false), 0.5, 0.9);
    Enforcement[] e =
        run(
            fps,
            200,
            (i, enf) -> {
              double limit = ((Enforcement.LocalLimit) enf).rate();
              return new LocalMeasurement(
                  DT, limit * 1.02 * DT, limit * DT, limit / flows[i], flows[i]);
            });
    double l0 = ((Enforcement.LocalLimit) e[0]).rate();
    double l1 = ((Enforcement.LocalLimit) e[1]).rate();
    assertEquals(0.3 * L, l0, 0.01 * L);
    assertEquals(0.7 * L, l1, 0.01 * L);
  }

  @Test
  void fpsGivesABottleneckedAggregateItsDemandAndTheRestToTheOther() {
    // limiter 1's 7 flows are held to 200,000 upstream (paper 001 section 5.4): over time it keeps
    // about its demand and limiter 0's unbottlenecked flows get the rest. Its weight oscillates
    // between the two regimes (section 3.2.2), so the check is on averages.
    FlowProportionalShare fps = new FlowProportionalShare(new TableGossip(2, 1, false), 0.9, 0.9);
    double[] sums = new double[2];
    int[] count = {0};
    run(
        fps,
        400,
        (i, enf) -> {
          double limit = ((Enforcement.LocalLimit) enf).rate();
          if (i == 0) {
            if (count[0]++ >= 200) {
              sums[0] += limit;
            }
            return new LocalMeasurement(DT, limit * 1.02 * DT, limit * DT, limit / 3, 3);
          }
          double served = Math.min(limit, 200_000);
          if (count[0] > 200) {
            sums[1] += served;
          }
          return new LocalMeasurement(DT, 200_000 * DT, served * DT, served / 7, 7);
        });
    double l0 = sums[0] / 200;
    double s1 = sums[1] / 200;
    assertEquals(200_000, s1, 0.02 * L, "the bottlenecked side is served its demand");
    assertTrue(l0 >= 0.7 * L, "the unbottlenecked side gets most of the rest: " + l0);
    assertTrue(l0 + s1 <= 1.05 * L, "no more than the limit on average: " + (l0 + s1));
  }

  @Test
  void grdDropsTheExcessOfGlobalDemand() {
    GlobalRandomDrop grd = new GlobalRandomDrop(new TableGossip(2, 1, false), 0);
    double[] demand = {600_000, 900_000};
    Enforcement[] e =
        run(grd, 5, (i, enf) -> LocalMeasurement.of(DT, demand[i] * DT, demand[i] * DT));
    double p = ((Enforcement.DropProbability) e[0]).probability();
    assertEquals((1_500_000 - L) / 1_500_000, p, 1e-9);
    Enforcement[] below =
        run(grd, 5, (i, enf) -> LocalMeasurement.of(DT, 100_000 * DT, 100_000 * DT));
    assertEquals(0, ((Enforcement.DropProbability) below[1]).probability(), 0);
  }

  @Test
  void gtbRefillsLocallyAtTheLimitMinusRemoteDemand() {
    GlobalTokenBucket gtb = new GlobalTokenBucket(new TableGossip(2, 1, false), 0);
    double[] demand = {300_000, 500_000};
    Enforcement[] e =
        run(gtb, 5, (i, enf) -> LocalMeasurement.of(DT, demand[i] * DT, demand[i] * DT));
    assertEquals(L - 500_000, ((Enforcement.LocalLimit) e[0]).rate(), 1e-6);
    assertEquals(L - 300_000, ((Enforcement.LocalLimit) e[1]).rate(), 1e-6);
  }

  @Test
  void baselinesEnforceOneNthAndTheWholeLimit() {
    LimiterContext c = LimiterContext.of(2, 4, L, DT, 10);
    Enforcement s = new StaticShare().initialEnforcement(c, new StaticShare().initialState(c));
    Enforcement i =
        new IndependentLimit().initialEnforcement(c, new IndependentLimit().initialState(c));
    assertEquals(L / 4, ((Enforcement.LocalLimit) s).rate(), 0);
    assertEquals(L, ((Enforcement.LocalLimit) i).rate(), 0);
    assertInstanceOf(
        Enforcement.CentralBucket.class, new CentralTokenBucket().initialEnforcement(c, 0.0));
  }

  @Property(tries = 100)
  void fpsLocalLimitsStayWithinTheGlobalLimit(
      @ForAll @Size(min = 20, max = 20) List<@DoubleRange(min = 0, max = 3e6) Double> demand,
      @ForAll @Size(min = 20, max = 20) List<@DoubleRange(min = 0, max = 1e6) Double> maxFlow) {
    FlowProportionalShare fps = new FlowProportionalShare(new TableGossip(2, 1, false), 0.8, 0.9);
    int[] k = {0};
    Enforcement[] e =
        run(
            fps,
            20,
            (i, enf) -> {
              double d = demand.get(k[0] % 20);
              double f = maxFlow.get(k[0]++ % 20);
              double limit = ((Enforcement.LocalLimit) enf).rate();
              return new LocalMeasurement(DT, d * DT, Math.min(d, limit) * DT, f, 1);
            });
    for (Enforcement x : e) {
      double r = ((Enforcement.LocalLimit) x).rate();
      assertTrue(r >= 0 && r <= L, "local limit in [0, L]: " + r);
    }
  }
}
