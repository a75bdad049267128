package dev.alm.ratelimit.gdrl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.ratelimit.alloc.AllocatorSettings;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.RandomGraphs;
import dev.alm.ratelimit.laplacian.DstAllocators;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Best-friend failover (paper 000 section IV) whatever the cuts, returns and restarts: limiters cut
 * off (their neighbours see them unreachable, they see nobody), brought back, or restarted from
 * their initial state, on random connected graphs with random demand. Once everyone is reachable
 * again and the last messages have arrived, the capacities sum to C exactly, as before any failure:
 * no inheritance is kept for a limiter that came back.
 */
class ConsensusFailoverPropertiesTest {

  private static final double C = 1000;

  @Property(tries = 200)
  void capacitiesSumToTheLimitOnceEveryoneIsBack(
      @ForAll @IntRange(min = 3, max = 8) int n,
      @ForAll boolean laplacian,
      @ForAll @IntRange(min = 1, max = 4) int failures,
      @ForAll long seed)
      throws Exception {
    Random rnd = new Random(seed);
    CommunicationGraph g = RandomGraphs.connected(n, rnd.nextInt(n), false, rnd.nextLong());
    var p = new ObjectMapper().createObjectNode();
    AllocatorSettings s = new AllocatorSettings("test", n, 1.0, 0.5, 0, false, false, 1, p);
    ConsensusAllocator alloc = laplacian ? DstAllocators.create(s) : GdrlAllocators.create(s);
    ConsensusAllocator.State[] state = new ConsensusAllocator.State[n];
    LimiterContext[] ctx = new LimiterContext[n];
    for (int i = 0; i < n; i++) {
      ctx[i] = new LimiterContext(i, n, C, 1.0, 1.0, g.neighbours(i), g.weights(i));
      state[i] = alloc.initialState(ctx[i]);
    }
    double[] demand = new double[n];
    for (int i = 0; i < n; i++) {
      demand[i] = rnd.nextInt(3) == 0 ? 0 : 2 * C / n * rnd.nextDouble();
    }
    boolean[] cut = new boolean[n];
    boolean[][] restartUnheard = new boolean[n][n];
    List<Envelope<ConsensusMessage>> inFlight = new ArrayList<>();
    for (int f = 0; f < failures; f++) {
      inFlight =
          rounds(alloc, ctx, state, demand, cut, restartUnheard, inFlight, 5 + rnd.nextInt(20));
      int x = rnd.nextInt(n);
      cut[x] = true;
      inFlight =
          rounds(alloc, ctx, state, demand, cut, restartUnheard, inFlight, 1 + rnd.nextInt(10));
      cut[x] = false;
      if (rnd.nextBoolean()) {
        // a restart: a fresh state; the old incarnation's messages are refused from now on
        state[x] = alloc.initialState(ctx[x]);
        int gone = x;
        inFlight.removeIf(e -> e.from() == gone);
        for (int j = 0; j < n; j++) {
          restartUnheard[j][x] = j != x;
        }
      }
    }
    inFlight = rounds(alloc, ctx, state, demand, cut, restartUnheard, inFlight, 200);
    double sum = 0;
    for (ConsensusAllocator.State st : state) {
      sum += st.capacity();
    }
    // messages still in flight carry transfers the givers have already taken off themselves
    double pending = 0;
    for (Envelope<ConsensusMessage> e : inFlight) {
      int back = indexOf(ctx[e.to()].neighbours(), e.from());
      pending += Math.max(0, e.body().given() - state[e.to()].received()[back]);
    }
    assertTrue(sum <= C * (1 + 1e-9), "capacities summed to " + sum);
    assertEquals(C, sum + pending, 1e-6 * C, "capacities and transfers in flight");
  }

  /** {@code k} rounds: a cut limiter's messages both ways are lost. */
  private static List<Envelope<ConsensusMessage>> rounds(
      ConsensusAllocator alloc,
      LimiterContext[] ctx,
      ConsensusAllocator.State[] state,
      double[] demand,
      boolean[] cut,
      boolean[][] restartUnheard,
      List<Envelope<ConsensusMessage>> inFlight,
      int k) {
    int n = ctx.length;
    for (int r = 0; r < k; r++) {
      List<List<Envelope<ConsensusMessage>>> inbox = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        inbox.add(new ArrayList<>());
      }
      for (Envelope<ConsensusMessage> e : inFlight) {
        if (!cut[e.from()] && !cut[e.to()]) {
          inbox.get(e.to()).add(e);
        }
      }
      List<Envelope<ConsensusMessage>> next = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        BitSet reachable = new BitSet(n);
        for (int j = 0; j < n; j++) {
          reachable.set(j, j == i || (!cut[i] && !cut[j]));
        }
        // a restart is learned from the newcomer's first message, as the agent learns it
        BitSet heardRestart = new BitSet(n);
        for (Envelope<ConsensusMessage> e : inbox.get(i)) {
          if (restartUnheard[i][e.from()]) {
            heardRestart.set(e.from());
            restartUnheard[i][e.from()] = false;
          }
        }
        var res =
            alloc.step(
                ctx[i],
                state[i],
                new StepInput<>(
                    r,
                    LocalMeasurement.of(1.0, demand[i], 0),
                    inbox.get(i),
                    reachable,
                    null,
                    heardRestart),
                null);
        state[i] = res.state();
        next.addAll(res.outgoing());
      }
      inFlight = next;
    }
    return inFlight;
  }

  private static int indexOf(int[] a, int x) {
    for (int k = 0; k < a.length; k++) {
      if (a[k] == x) {
        return k;
      }
    }
    return -1;
  }
}
