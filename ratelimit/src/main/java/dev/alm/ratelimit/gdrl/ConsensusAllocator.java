package dev.alm.ratelimit.gdrl;

import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.alloc.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * GDRL (paper 000, Fig. 1) and the Laplacian throttler (paper 003, eq. 3) as an {@link Allocator}
 * over the communication graph: each interval a limiter estimates its demand, computes its
 * indicator q_i from the estimate and its capacity, sends q_i to its neighbours, and each link
 * moves gain_ij (q_i - q_j) of capacity towards the end with the higher indicator (gain = eta for
 * GDRL, gamma w_ij for paper 003).
 *
 * <p>Exact sum under loss (paper 000 section IV, "Message passing"): the lower-numbered end of a
 * link owns it. The owner applies each transfer at once, using the latest q_j it has heard, and
 * sends the link's cumulative transfer F with every message; the other end holds C_j = C/N - F as
 * last heard. A lost message delays a transfer but never loses it, so sum_i C_i = C whenever the
 * latest messages have arrived (Lemma 1); in between the gap is the transfers in flight.
 *
 * <p>Best-friend failover (section IV, "Node failures"): each limiter names as best friend the
 * neighbour with the most links it has heard of (ties: the lowest number) and tells it in its
 * messages, along with its capacity. When a neighbour becomes unreachable ({@link
 * StepInput#reachable}), the links to it stop moving capacity, and if this limiter is its best
 * friend it adds the neighbour's last reported capacity to its own.
 */
public final class ConsensusAllocator
    implements Allocator<ConsensusAllocator.State, ConsensusMessage> {

  /** How a limiter turns its demand estimate and capacity into the exchanged indicator. */
  @FunctionalInterface
  public interface Indicator {
    double q(double demandRate, double capacity);
  }

  private final String name;
  private final Indicator indicator;
  private final double gain;
  private final boolean weighted;
  private final double ewma;

  /**
   * @param name the algorithm's name ({@code gdrl}, {@code dst})
   * @param indicator q_i from the demand estimate (units/s) and the capacity (units/s)
   * @param gain eta (paper 000) or gamma (paper 003), per link, multiplied by w_ij if {@code
   *     weighted}
   * @param weighted whether link weights scale the gain (paper 003) or not (paper 000)
   * @param ewma weight of the previous demand estimate, est = ewma est + (1 - ewma) rate (paper
   *     000's low-pass filter with alpha = 1 - ewma; 0 uses each interval's rate as is, as paper
   *     003 does)
   */
  public ConsensusAllocator(
      String name, Indicator indicator, double gain, boolean weighted, double ewma) {
    if (!(gain > 0) || Double.isInfinite(gain)) {
      throw new IllegalArgumentException("gain must be > 0, got " + gain);
    }
    if (!(ewma >= 0 && ewma < 1)) {
      throw new IllegalArgumentException("ewma must be in [0, 1), got " + ewma);
    }
    this.name = name;
    this.indicator = indicator;
    this.gain = gain;
    this.weighted = weighted;
    this.ewma = ewma;
  }

  /**
   * One limiter's state (arrays indexed like {@link LimiterContext#neighbours()}; treated as
   * immutable: every step returns fresh arrays).
   *
   * @param base C/N plus capacity inherited from failed neighbours
   * @param flow per link: for an owned link the cumulative transfer F to this end; otherwise the
   *     last F heard from the owner
   * @param heardRound the latest round heard from each neighbour (-1: none)
   * @param heardQ q_j as last heard
   * @param heardCapacity C_j as last heard
   * @param heardDegree d_j as last heard (0: unknown)
   * @param friendOf whether the neighbour has named this limiter its best friend
   * @param alive whether the neighbour is still reachable
   * @param estimate the demand estimate in units/s (NaN before the first measurement)
   * @param q this limiter's indicator at its last step
   * @param round the number of steps taken
   */
  public record State(
      double base,
      double[] flow,
      long[] heardRound,
      double[] heardQ,
      double[] heardCapacity,
      int[] heardDegree,
      boolean[] friendOf,
      boolean[] alive,
      double estimate,
      double q,
      long round) {

    /** The capacity C_i this state stands for. */
    public double capacity(int id, int[] neighbours) {
      double c = base;
      for (int k = 0; k < neighbours.length; k++) {
        c += neighbours[k] > id ? flow[k] : -flow[k];
      }
      return c;
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public State initialState(LimiterContext ctx) {
    int d = ctx.degree();
    long[] rounds = new long[d];
    java.util.Arrays.fill(rounds, -1);
    boolean[] alive = new boolean[d];
    java.util.Arrays.fill(alive, true);
    return new State(
        ctx.equalShare(),
        new double[d],
        rounds,
        new double[d],
        new double[d],
        new int[d],
        new boolean[d],
        alive,
        Double.NaN,
        0.0,
        0);
  }

  @Override
  public Enforcement initialEnforcement(LimiterContext ctx, State s) {
    return new Enforcement.LocalLimit(ctx.equalShare(), ctx.bucketDepth());
  }

  @Override
  public StepResult<State, ConsensusMessage> step(
      LimiterContext ctx, State s, StepInput<ConsensusMessage> in, RandomGenerator random) {
    int id = ctx.id();
    int[] nb = ctx.neighbours();
    int d = nb.length;
    double[] flow = s.flow().clone();
    long[] heardRound = s.heardRound().clone();
    double[] heardQ = s.heardQ().clone();
    double[] heardCap = s.heardCapacity().clone();
    int[] heardDeg = s.heardDegree().clone();
    boolean[] friendOf = s.friendOf().clone();
    boolean[] alive = s.alive().clone();
    double base = s.base();

    double rate = in.local().arrivalRate();
    double est = Double.isNaN(s.estimate()) ? rate : ewma * s.estimate() + (1 - ewma) * rate;

    for (Envelope<ConsensusMessage> env : in.received()) {
      int k = indexOf(nb, env.from());
      ConsensusMessage m = env.body();
      if (k < 0 || m.round() < heardRound[k]) {
        continue;
      }
      heardRound[k] = m.round();
      heardQ[k] = m.q();
      heardCap[k] = m.capacity();
      heardDeg[k] = m.degree();
      friendOf[k] = m.bestFriend();
      if (nb[k] < id && alive[k] && !Double.isNaN(m.flow())) {
        flow[k] = m.flow();
      }
    }
    for (int k = 0; k < d; k++) {
      if (alive[k] && !in.isReachable(nb[k])) {
        alive[k] = false;
        if (friendOf[k]) {
          base += heardCap[k];
        }
      }
    }
    State mid =
        new State(base, flow, heardRound, heardQ, heardCap, heardDeg, friendOf, alive, est, 0, 0);
    double c = mid.capacity(id, nb);
    double q = indicator.q(est, c);
    for (int k = 0; k < d; k++) {
      if (nb[k] > id && alive[k] && heardRound[k] >= 0) {
        flow[k] += gain * (weighted ? ctx.weight(k) : 1.0) * (q - heardQ[k]);
      }
    }
    c = mid.capacity(id, nb);
    int friend = -1;
    for (int k = 0; k < d; k++) {
      if (alive[k]
          && (friend < 0
              || heardDeg[k] > heardDeg[friend]
              || (heardDeg[k] == heardDeg[friend] && nb[k] < nb[friend]))) {
        friend = k;
      }
    }
    List<Envelope<ConsensusMessage>> out = new ArrayList<>(d);
    int alivePeers = 0;
    for (int k = 0; k < d; k++) {
      if (alive[k]) {
        alivePeers++;
      }
    }
    for (int k = 0; k < d; k++) {
      if (alive[k]) {
        out.add(
            new Envelope<>(
                id,
                nb[k],
                new ConsensusMessage(
                    s.round(), q, c, alivePeers, k == friend, nb[k] > id ? flow[k] : Double.NaN)));
      }
    }
    State next =
        new State(
            base,
            flow,
            heardRound,
            heardQ,
            heardCap,
            heardDeg,
            friendOf,
            alive,
            est,
            q,
            s.round() + 1);
    return new StepResult<>(
        next, new Enforcement.LocalLimit(Math.max(0.0, c), ctx.bucketDepth()), out);
  }

  /** The exchanged indicator q_i (paper 000 eq. 2 / paper 003 Table 1), for Jain's index (16). */
  @Override
  public double indicator(LimiterContext context, State state, LocalMeasurement local) {
    return state.q();
  }

  private static int indexOf(int[] nb, int j) {
    for (int k = 0; k < nb.length; k++) {
      if (nb[k] == j) {
        return k;
      }
    }
    return -1;
  }
}
