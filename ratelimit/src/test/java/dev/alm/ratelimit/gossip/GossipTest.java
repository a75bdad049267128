package dev.alm.ratelimit.gossip;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.StepInput;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class GossipTest {

  private static StepInput<GossipUpdate> input(List<Envelope<GossipUpdate>> in, BitSet reach) {
    return new StepInput<>(0, LocalMeasurement.of(0.05, 0, 0), in, reach);
  }

  /** Runs rounds of gossip with perfect delivery and returns each limiter's final estimate. */
  private static double[] rounds(SumGossip g, double[] values, int rounds, double loss, long seed) {
    int n = values.length;
    SplittableRandom rnd = new SplittableRandom(seed);
    GossipState[] st = new GossipState[n];
    List<List<Envelope<GossipUpdate>>> inbox = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      st[i] = g.initial(i, 0);
      inbox.add(new ArrayList<>());
    }
    double[] est = new double[n];
    for (int r = 0; r < rounds; r++) {
      List<List<Envelope<GossipUpdate>>> next = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        next.add(new ArrayList<>());
      }
      for (int i = 0; i < n; i++) {
        List<Envelope<GossipUpdate>> out = new ArrayList<>();
        est[i] = g.step(i, st[i], values[i], inbox.get(i), input(inbox.get(i), null), rnd, out);
        for (Envelope<GossipUpdate> e : out) {
          if (rnd.nextDouble() >= loss) {
            next.get(e.to()).add(e);
          }
        }
      }
      inbox = next;
    }
    return est;
  }

  @Property(tries = 50)
  void tableGossipWithFullFanOutKnowsTheExactSum(
      @ForAll @Size(min = 2, max = 12) List<@DoubleRange(min = 0, max = 1e6) Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    double sum = values.stream().mapToDouble(Double::doubleValue).sum();
    double[] est = rounds(new TableGossip(v.length, v.length - 1, false), v, 2, 0, 1);
    for (double e : est) {
      assertEquals(sum, e, 1e-6 * Math.max(1, sum));
    }
  }

  @Property(tries = 30)
  void pushSumConvergesToTheSumWithoutLoss(
      @ForAll @Size(min = 2, max = 30) List<@DoubleRange(min = 0, max = 100) Double> values,
      @ForAll @IntRange(min = 1, max = 4) int br) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    double sum = values.stream().mapToDouble(Double::doubleValue).sum();
    double[] est = rounds(new PushSumGossip(v.length, br, false), v, 200, 0, 7);
    for (double e : est) {
      assertEquals(sum, e, 1e-3 * Math.max(1, sum));
    }
  }

  @Test
  void pushSumLossCompensationRestoresTheMassOfLostUpdates() {
    int n = 20;
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = i;
    }
    double truth = n * (n - 1) / 2.0;
    double[] est = rounds(new PushSumGossip(n, 3, false), v, 300, 0.05, 3);
    double worst = 0;
    for (double e : est) {
      worst = Math.max(worst, Math.abs(e - truth) / truth);
    }
    // with compensation the estimate stays close to the sum although 5% of the updates are lost
    assertEquals(0, worst, 0.05);
  }

  @Test
  void aLostUpdateIsCountedFromTheNextSequenceNumber() {
    PushSumGossip g = new PushSumGossip(3, 1, false);
    GossipState st = g.initial(0, 0);
    List<Envelope<GossipUpdate>> out = new ArrayList<>();
    SplittableRandom rnd = new SplittableRandom(1);
    List<Envelope<GossipUpdate>> first = List.of(new Envelope<>(1, 0, new GossipUpdate(1, 2, 1)));
    g.step(0, st, 0, first, input(first, null), rnd, out);
    // seq 2 was lost: seq 3 counts twice (paper 001 section 4.2)
    List<Envelope<GossipUpdate>> third = List.of(new Envelope<>(1, 0, new GossipUpdate(3, 2, 1)));
    PushSumGossip.State s = (PushSumGossip.State) st;
    double before = s.s;
    double beforeW = s.w;
    g.step(0, st, 0, third, input(third, null), rnd, new ArrayList<>());
    // the step keeps 1/2 of the masses and sends 1/2 (br = 1)
    assertEquals((before + 2 * 2) / 2, s.s, 1e-12);
    assertEquals((beforeW + 2 * 1) / 2, s.w, 1e-12);
  }

  @Test
  void tableIgnoresOlderUpdatesAndDropsUnreachablePeersUnderSection56() {
    TableGossip g = new TableGossip(4, 1, true);
    GossipState st = g.initial(0, 0);
    SplittableRandom rnd = new SplittableRandom(1);
    List<Envelope<GossipUpdate>> in =
        List.of(
            new Envelope<>(1, 0, new GossipUpdate(5, 10, 0)),
            new Envelope<>(1, 0, new GossipUpdate(4, 99, 0)),
            new Envelope<>(2, 0, new GossipUpdate(1, 20, 0)),
            new Envelope<>(3, 0, new GossipUpdate(1, 30, 0)));
    double all = g.step(0, st, 1, in, input(in, null), rnd, new ArrayList<>());
    assertEquals(61, all, 1e-12);
    BitSet reach = new BitSet();
    reach.set(0);
    reach.set(1);
    reach.set(2);
    StepInput<GossipUpdate> partial = input(List.of(), reach);
    double some = g.step(0, st, 1, List.of(), partial, rnd, new ArrayList<>());
    assertEquals(31, some, 1e-12);
    assertEquals(0.75, g.limitFactor(partial), 1e-12);
  }

  @Test
  void ewmaConvertsTheOneSecondParameterToTheInterval() {
    double a = Ewma.perInterval(0.1, 0.05);
    assertEquals(0.1, Math.pow(a, 20), 1e-12);
    assertEquals(0, Ewma.perInterval(0, 0.05), 0);
  }
}
