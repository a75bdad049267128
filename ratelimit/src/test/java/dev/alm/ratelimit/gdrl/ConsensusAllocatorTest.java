package dev.alm.ratelimit.gdrl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.AllocatorSettings;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Graphs;
import dev.alm.ratelimit.graph.RandomGraphs;
import dev.alm.ratelimit.laplacian.DstAllocators;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** The allocator form of GDRL and the Laplacian throttler, driven by a small in-test loop. */
class ConsensusAllocatorTest {

  /** N limiters exchanging messages with one interval of delay and optional loss. */
  static final class Loop {
    final ConsensusAllocator alloc;
    final CommunicationGraph g;
    final LimiterContext[] ctx;
    final ConsensusAllocator.State[] state;
    List<Envelope<ConsensusMessage>> inFlight = new ArrayList<>();
    final Random rnd;
    double lossRate;
    BitSet reachable;

    Loop(ConsensusAllocator alloc, CommunicationGraph g, double total, long seed) {
      this.alloc = alloc;
      this.g = g;
      int n = g.size();
      ctx = new LimiterContext[n];
      state = new ConsensusAllocator.State[n];
      for (int i = 0; i < n; i++) {
        ctx[i] = new LimiterContext(i, n, total, 1.0, 1.0, g.neighbours(i), g.weights(i));
        state[i] = alloc.initialState(ctx[i]);
      }
      rnd = new Random(seed);
    }

    void round(double[] demand) {
      int n = g.size();
      List<List<Envelope<ConsensusMessage>>> inbox = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        inbox.add(new ArrayList<>());
      }
      for (var e : inFlight) {
        if (rnd.nextDouble() >= lossRate) {
          inbox.get(e.to()).add(e);
        }
      }
      List<Envelope<ConsensusMessage>> next = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (reachable != null && !reachable.get(i)) {
          continue;
        }
        var r =
            alloc.step(
                ctx[i],
                state[i],
                new StepInput<>(0, LocalMeasurement.of(1.0, demand[i], 0), inbox.get(i), reachable),
                null);
        state[i] = r.state();
        next.addAll(r.outgoing());
      }
      inFlight = next;
    }

    double capacity(int i) {
      return state[i].capacity();
    }

    /** Capacity the givers have taken off themselves that the receivers have not heard yet. */
    double inFlight() {
      double f = 0;
      for (int i = 0; i < g.size(); i++) {
        int[] nb = ctx[i].neighbours();
        for (int k = 0; k < nb.length; k++) {
          int j = nb[k];
          int back = Arrays.stream(ctx[j].neighbours()).boxed().toList().indexOf(i);
          f += state[i].given()[k] - state[j].received()[back];
        }
      }
      return f;
    }

    double sum() {
      double s = 0;
      for (int i = 0; i < g.size(); i++) {
        if (reachable == null || reachable.get(i)) {
          s += capacity(i);
        }
      }
      return s;
    }
  }

  private static ConsensusAllocator gdrl(double eta) throws InputException {
    var p = new ObjectMapper().createObjectNode().put("eta", eta);
    return GdrlAllocators.create(
        new AllocatorSettings("test", 10, 1.0, 0.0, 0, false, false, 1, p));
  }

  /**
   * Lemma 1 through messages with loss: a transfer is taken off the giver first, so the sum never
   * exceeds C, no capacity goes negative, and once the last messages arrive the sum is C exactly.
   */
  @Property(tries = 60)
  void lossDelaysButNeverLosesCapacity(
      @ForAll @IntRange(min = 2, max = 25) int n,
      @ForAll @IntRange(min = 0, max = 30) int extra,
      @ForAll @DoubleRange(min = 0.0, max = 0.5) double loss,
      @ForAll long seed)
      throws InputException {
    CommunicationGraph g = RandomGraphs.connected(n, extra, false, seed);
    double total = 110;
    Loop loop = new Loop(gdrl(0.5 / g.maxDegree()), g, total, seed);
    Random rnd = new Random(seed + 1);
    double[] demand = new double[n];
    for (int i = 0; i < n; i++) {
      demand[i] = 200.0 * rnd.nextDouble() / n;
    }
    loop.lossRate = loss;
    for (int k = 0; k < 200; k++) {
      loop.round(demand);
      // every transfer is either applied at both ends or taken off the giver and in flight
      assertEquals(total, loop.sum() + loop.inFlight(), 1e-9 * total, "round " + k);
      assertTrue(loop.inFlight() >= -1e-9 * total, "round " + k);
      for (int i = 0; i < n; i++) {
        assertTrue(loop.capacity(i) >= -1e-9 * total, "limiter " + i + " round " + k);
      }
    }
    loop.lossRate = 0;
    for (int k = 0; k < 20_000 && Math.abs(loop.inFlight()) > 1e-12; k++) {
      loop.round(demand);
    }
    assertEquals(total, loop.sum(), 1e-9 * total, "capacity sum once transfers settle");
  }

  /** Without loss the q_i reach consensus, at spare bandwidth q* = (Lambda - C)/N. */
  @Test
  void gdrlReachesEqualSpareBandwidth() throws InputException {
    CommunicationGraph g = Graphs.ring(10);
    double[] demand = new double[10];
    double lambda = 0;
    for (int i = 0; i < 10; i++) {
      demand[i] = (i + 1) / 11.0;
      lambda += demand[i];
    }
    Loop loop = new Loop(gdrl(0.25), g, 1.1 * lambda, 1);
    for (int k = 0; k < 3000; k++) {
      loop.round(demand);
    }
    double qStar = (lambda - 1.1 * lambda) / 10;
    for (int i = 0; i < 10; i++) {
      assertEquals(qStar, loop.state[i].q(), 1e-9);
      assertEquals(demand[i] - qStar, loop.capacity(i), 1e-9);
    }
  }

  /** Section IV: a failed limiter's capacity goes to its best friend; the survivors rebalance. */
  @Test
  void bestFriendInheritsAFailedLimiter() throws InputException {
    CommunicationGraph g = Graphs.ring(6);
    double[] demand = {1, 2, 3, 4, 5, 6};
    Loop loop = new Loop(gdrl(0.25), g, 23.1, 2);
    for (int k = 0; k < 500; k++) {
      loop.round(demand);
    }
    loop.reachable = new BitSet();
    loop.reachable.set(0, 6);
    loop.reachable.clear(3);
    for (int k = 0; k < 3000; k++) {
      loop.round(demand);
    }
    assertEquals(23.1, loop.sum(), 1e-9);
    double q0 = loop.state[0].q();
    for (int i : new int[] {1, 2, 4, 5}) {
      assertEquals(q0, loop.state[i].q(), 1e-9);
    }
    assertEquals((1 + 2 + 3 + 5 + 6 - 23.1) / 5, q0, 1e-9);
  }

  /**
   * An idle limiter next to overloaded ones: the papers' consensus would push its capacity to
   * -(Lambda - C)/N = -125 and the others' limits to 375 each (1,125 in all); here it gives what it
   * holds and stops at 0, and the others share C.
   */
  @Test
  void anIdleLimiterGivesWhatItHoldsAndNoMore() throws InputException {
    var p = new ObjectMapper().createObjectNode().put("gamma", 0.2);
    ConsensusAllocator dst =
        DstAllocators.create(new AllocatorSettings("test", 10, 1.0, 0.0, 0, false, false, 1, p));
    for (ConsensusAllocator alloc : List.of(gdrl(0.125), dst)) {
      Loop loop = new Loop(alloc, Graphs.complete(4), 1000, 4);
      double[] demand = {0, 500, 500, 500};
      for (int k = 0; k < 2000; k++) {
        loop.round(demand);
        assertTrue(loop.capacity(0) >= -1e-9, alloc.name() + " round " + k);
        assertTrue(loop.sum() <= 1000 * (1 + 1e-12), alloc.name() + " round " + k);
      }
      assertEquals(0, loop.capacity(0), 1e-9, alloc.name());
      for (int i = 1; i < 4; i++) {
        assertEquals(1000 / 3.0, loop.capacity(i), 1e-6, alloc.name());
      }
    }
  }

  /** Paper 003's throttler as an allocator: throttled amounts r_i - x_i equalise. */
  @Test
  void dstEqualisesThrottledAmounts() throws InputException {
    var p = new ObjectMapper().createObjectNode().put("gamma", 0.2);
    ConsensusAllocator dst =
        DstAllocators.create(new AllocatorSettings("test", 10, 1.0, 0.0, 0, false, false, 1, p));
    Loop loop = new Loop(dst, Graphs.complete(4), 40, 3);
    double[] r = {5, 10, 20, 25};
    for (int k = 0; k < 2000; k++) {
      loop.round(r);
    }
    for (int i = 0; i < 4; i++) {
      assertEquals((60 - 40) / 4.0, r[i] - loop.capacity(i), 1e-9);
    }
  }

  @Test
  void badParametersNameTheField() {
    var p = new ObjectMapper().createObjectNode().put("eta", -1);
    var e =
        Assertions.assertThrows(
            InputException.class,
            () ->
                GdrlAllocators.create(
                    new AllocatorSettings("s.json", 10, 1.0, 0.5, 0, false, false, 1, p)));
    assertTrue(e.getMessage().startsWith("s.json:algorithms.gdrl.eta: expected a number > 0"));
    var p2 = new ObjectMapper().createObjectNode().put("measure", "x");
    var e2 =
        Assertions.assertThrows(
            InputException.class,
            () ->
                DstAllocators.create(
                    new AllocatorSettings("s.json", 10, 1.0, 0.5, 0, false, false, 1, p2)));
    assertTrue(e2.getMessage().startsWith("s.json:algorithms.dst.measure: expected"));
  }
}
