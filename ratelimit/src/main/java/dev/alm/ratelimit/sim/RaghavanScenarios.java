package dev.alm.ratelimit.sim;

import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Paper 001's experimental set-ups as builtin scenarios (docs/ratelimit/simulator.md says what
 * differs).
 */
public final class RaghavanScenarios {

  /** 1 Mbit/s in bytes/s. */
  public static final double MBIT = 1e6 / 8;

  private RaghavanScenarios() {}

  /**
   * Section 5.1: 2 limiters, 10 Mbit/s, 3 TCP flows at limiter 0 and 7 at limiter 1, 40 ms RTTs,
   * 75,000-byte buckets, 50 ms estimate interval, 1-second EWMA 0.1, loss-free, 60 s.
   */
  public static Scenario baseline(BuiltinQuery q) throws InputException {
    q.only(Set.of("seed", "duration"));
    double duration = q.number("duration", 60, 1, 1e6);
    List<FlowGroup> flows =
        List.of(
            new FlowGroup(0, 3, 0.04, 0, duration, ScenarioReader.LINK_BYTES),
            new FlowGroup(1, 7, 0.04, 0, duration, ScenarioReader.LINK_BYTES));
    return paper001(q, 2, 10 * MBIT, duration, 0.05, Math.min(10, duration / 3), 1, 0, 0.02, false)
        .flows(flows)
        .build();
  }

  /**
   * Section 5.7, Fig. 9: 10 sites, 5 Mbit/s, 100 ms interval, br = 4, 0.47% message loss; 3 flows
   * at every site for 30 s, then the same 30 flows on 4 sites for 30 s, then back for 30 s.
   */
  public static Scenario shift(BuiltinQuery q) throws InputException {
    q.only(Set.of("seed", "phase"));
    double phase = q.number("phase", 30, 1, 1e5);
    List<FlowGroup> flows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      flows.add(new FlowGroup(i, 3, 0.08, 0, phase, ScenarioReader.LINK_BYTES));
      flows.add(new FlowGroup(i, 3, 0.08, 2 * phase, 3 * phase, ScenarioReader.LINK_BYTES));
    }
    int[] onFour = {8, 8, 7, 7};
    for (int i = 0; i < 4; i++) {
      flows.add(new FlowGroup(i, onFour[i], 0.08, phase, 2 * phase, ScenarioReader.LINK_BYTES));
    }
    return paper001(q, 10, 5 * MBIT, 3 * phase, 0.1, 5, 4, 0.0047, 0.02, false)
        .flows(flows)
        .build();
  }

  /**
   * Section 5.6, Fig. 8: N limiters, 50 Mbit/s, 40 ms RTTs, 0 to 5 flows per limiter drawn
   * uniformly (the same draw for the same N), gossip branching br and message loss P. The paper
   * starts one flow every 100 ms and lets each live 60 s; here the starts are spread over the first
   * 10 s (at most 100 ms apart) and every flow lives to the end of the 60 s run; with {@code
   * churn=1} the paper's schedule is kept (one flow every 100 ms in random order, each living 60 s,
   * and the run lasts until the last one ends).
   */
  public static Scenario scaling(BuiltinQuery q) throws InputException {
    q.only(Set.of("limiters", "br", "loss", "seed", "duration", "delay", "gossip", "churn"));
    int n = q.integer("limiters", 490, 2, 1_000_000);
    boolean churn = q.integer("churn", 0, 0, 1) == 1;
    int br = q.integer("br", 3, 0, 1000);
    double loss = q.number("loss", 0, 0, 1);
    double durationDefault = 60;
    if (churn) {
      SplittableRandom count = new SplittableRandom(n);
      int flowsTotal = 0;
      for (int i = 0; i < n; i++) {
        flowsTotal += count.nextInt(6);
      }
      durationDefault = flowsTotal * 0.1 + 60;
    }
    double duration = q.number("duration", durationDefault, 1, 1e6);
    double delay = q.number("delay", 0.02, 0, 100);
    String mode = q.params().getOrDefault("gossip", n > 2000 ? "push-sum" : "table");
    if (!mode.equals("table") && !mode.equals("push-sum")) {
      throw new InputException(q.source(), "gossip", "expected table or push-sum, got " + mode);
    }
    List<FlowGroup> flows = scalingFlows(n, churn, duration);
    boolean pushSum = mode.equals("push-sum");
    return paper001(
            q, n, 50 * MBIT, duration, 0.05, Math.min(20, duration / 3), br, loss, delay, pushSum)
        .flows(flows)
        .build();
  }

  /**
   * The scaling run's flows: 0-5 per limiter (drawn from N), started at most 100 ms apart (within
   * 10 s) and living to the end, or with {@code churn} the paper's schedule.
   */
  private static List<FlowGroup> scalingFlows(int n, boolean churn, double duration) {
    SplittableRandom topo = new SplittableRandom(n);
    int[] perLimiter = new int[n];
    int total = 0;
    for (int i = 0; i < n; i++) {
      perLimiter[i] = topo.nextInt(6);
      total += perLimiter[i];
    }
    double spacing = churn ? 0.1 : total == 0 ? 0 : Math.min(0.1, 10.0 / total);
    List<FlowGroup> flows = new ArrayList<>();
    int k = 0;
    // churn=1: the paper's schedule, one flow every 100 ms in random order, each living 60 s
    int[] order = new int[total];
    for (int i = 0, x = 0; i < n; i++) {
      for (int f = 0; f < perLimiter[i]; f++) {
        order[x++] = i;
      }
    }
    if (churn) {
      for (int i = order.length - 1; i > 0; i--) {
        int j = topo.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
    for (int limiter : order) {
      double start = k++ * spacing;
      if (start < duration) {
        double stop = churn ? Math.min(duration, start + 60) : duration;
        flows.add(new FlowGroup(limiter, 1, 0.04, start, stop, ScenarioReader.LINK_BYTES));
      }
    }
    if (flows.isEmpty()) {
      flows.add(new FlowGroup(0, 1, 0.04, 0, duration, ScenarioReader.LINK_BYTES));
    }
    return flows;
  }

  /**
   * What paper 001's scenarios share: bytes/s, 10 ms ticks, the 1-second EWMA parameter 0.1,
   * 75,000-byte buckets, 1,500-byte packets, the complete graph and the query's seed (default 1).
   */
  private static ScenarioBuilder paper001(
      BuiltinQuery q,
      int n,
      double limit,
      double duration,
      double interval,
      double warmup,
      int br,
      double loss,
      double delay,
      boolean pushSum)
      throws InputException {
    return Scenario.builder(q.source())
        .limiters(n)
        .globalLimit(limit)
        .unit("bytes/s")
        .duration(duration)
        .interval(interval)
        .tick(0.01)
        .warmup(warmup)
        .ewma(0.1)
        .bucketDepth(75_000)
        .packetBytes(1500)
        .branching(br)
        .loss(loss)
        .delay(delay)
        .pushSum(pushSum)
        .seed(q.integer("seed", 1, 0, Integer.MAX_VALUE));
  }
}
