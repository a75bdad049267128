package dev.alm.ratelimit.gdrl;

import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.alloc.StepResult;
import dev.alm.ratelimit.gossip.DemandFilter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * GDRL (paper 000, Fig. 1) and the Laplacian throttler (paper 003, eq. 3) as an {@link Allocator}
 * over the communication graph: each interval a limiter estimates its demand, computes its
 * indicator q_i from the estimate and its capacity, sends q_i to its neighbours, and each link
 * moves gain_ij (q_i - q_j) of capacity towards the end with the higher indicator (gain = eta for
 * GDRL, gamma w_ij for paper 003).
 *
 * <p>The giver moves first (paper 000 section IV, "Message passing": no limiter may gain or lose
 * capacity through a lost message). On each link the end with the lower indicator gives: it takes
 * gain (q_j - q_i) off its own capacity at once and adds it to a cumulative, never decreasing
 * counter G_ij of what it has given over that link, sent with every message; the receiver counts
 * the largest G_ij it has heard. So C_i = C/N - sum_j G_ij + sum_j (G_ji as heard), and sum_i C_i =
 * C - (transfers given but not yet heard) &lt;= C at every interval, whatever is lost, delayed or
 * reordered; once the latest messages arrive the sum is C exactly (Lemma 1).
 *
 * <p>No negative capacity (a correction to the papers, see docs/drl-design/algorithms.md): with a
 * linear indicator (spare bandwidth lambda - C, paper 000 eq. 14; throttled amount r - x, paper 003
 * Case I) the papers' consensus drives an idle limiter's capacity below zero when the others'
 * demand exceeds C (q_i = q_j gives C_idle = -(Lambda - C)/N), and a bucket cannot enforce a
 * negative rate: the others' limits then sum above C. Here a limiter gives at most the capacity it
 * holds: when its transfers of the interval add up to more than max(0, C_i) they are scaled down to
 * it. Capacity therefore never goes below 0 and the enforced limits sum to at most C. The papers'
 * unconstrained updates stay in {@link Gdrl#step} and {@code LaplacianThrottler.step}.
 *
 * <p>Best-friend failover (section IV, "Node failures"): each limiter names as best friend the
 * neighbour with the most links it has heard of (ties: the lowest number) and tells it in its
 * messages, along with its capacity. When a neighbour becomes unreachable ({@link
 * StepInput#reachable}), the links to it stop moving capacity, and if this limiter is its best
 * friend it adds the neighbour's last reported capacity to its own. A failed neighbour that is
 * reachable again was cut off, not gone, and still holds its capacity: its links resume from their
 * counters and the best friend gives back exactly what it inherited, so the capacity held while it
 * was away (L + its capacity) is not kept after it returns.
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
   * @param ewma weight of the previous demand estimate per interval, est = ewma est + (1 - ewma)
   *     rate (paper 000's low-pass filter with alpha = 1 - ewma, started as the running mean:
   *     {@link DemandFilter}; 0 uses each interval's rate as is, as paper 003 does)
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
   * @param given per link: the capacity this limiter has given the neighbour so far (G_ij)
   * @param received per link: the largest G_ji heard from the neighbour
   * @param heardRound the latest round heard from each neighbour (-1: none)
   * @param heardQ q_j as last heard
   * @param heardCapacity C_j as last heard
   * @param heardDegree d_j as last heard (0: unknown)
   * @param friendOf whether the neighbour has named this limiter its best friend
   * @param alive whether the neighbour is still reachable
   * @param inherited per link: the capacity inherited from the neighbour when it failed (0 unless
   *     this limiter was its best friend), given back when it is reachable again
   * @param estimate the demand estimate in units/s (NaN before the first measurement)
   * @param measured the seconds of measurement folded into the estimate ({@link DemandFilter})
   * @param q this limiter's indicator at its last step
   * @param round the number of steps taken
   */
  public record State(
      double base,
      double[] given,
      double[] received,
      long[] heardRound,
      double[] heardQ,
      double[] heardCapacity,
      int[] heardDegree,
      boolean[] friendOf,
      boolean[] alive,
      double[] inherited,
      double estimate,
      double measured,
      double q,
      long round) {

    /** The capacity C_i this state stands for. */
    public double capacity() {
      return ConsensusAllocator.capacity(base, given, received);
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
    Arrays.fill(rounds, -1);
    boolean[] alive = new boolean[d];
    Arrays.fill(alive, true);
    return new State(
        ctx.equalShare(),
        new double[d],
        new double[d],
        rounds,
        new double[d],
        new double[d],
        new int[d],
        new boolean[d],
        alive,
        new double[d],
        Double.NaN,
        0.0,
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
    double dt = in.local().interval();
    double est =
        DemandFilter.next(
            s.estimate(), s.measured(), in.local().arrivalRate(), dt, ctx.interval(), ewma);
    Links links = new Links(s);
    links.restart(ctx.neighbours(), in);
    links.revive(ctx.neighbours(), in);
    links.hear(ctx.neighbours(), in.received());
    links.fail(ctx.neighbours(), in);
    double q = indicator.q(est, links.capacity());
    links.give(ctx, q, gain, weighted);
    double c = links.capacity();
    State next =
        new State(
            links.base,
            links.given,
            links.received,
            links.heardRound,
            links.heardQ,
            links.heardCap,
            links.heardDeg,
            links.friendOf,
            links.alive,
            links.inherited,
            est,
            s.measured() + dt,
            q,
            s.round() + 1);
    return new StepResult<>(
        next,
        new Enforcement.LocalLimit(Math.max(0.0, c), ctx.bucketDepth()),
        links.messages(ctx, s.round(), q, c));
  }

  /** One step's working copy of the per-link state (fresh arrays: the state stays immutable). */
  private static final class Links {
    final double[] given;
    final double[] received;
    final long[] heardRound;
    final double[] heardQ;
    final double[] heardCap;
    final int[] heardDeg;
    final boolean[] friendOf;
    final boolean[] alive;
    final double[] inherited;
    double base;

    Links(State s) {
      given = s.given().clone();
      received = s.received().clone();
      heardRound = s.heardRound().clone();
      heardQ = s.heardQ().clone();
      heardCap = s.heardCapacity().clone();
      heardDeg = s.heardDegree().clone();
      friendOf = s.friendOf().clone();
      alive = s.alive().clone();
      inherited = s.inherited().clone();
      base = s.base();
    }

    double capacity() {
      return ConsensusAllocator.capacity(base, given, received);
    }

    /**
     * A neighbour that restarted holds none of what it exchanged before and counts from zero: what
     * it had given over this link is no longer counted here (G_ji as heard goes back to 0, its new
     * messages count again), what this side gave stays given (the newcomer hears the cumulative
     * G_ij and is credited with it), and what was inherited from it goes back. The sum stays C: the
     * newcomer starts from C/N plus what it was given.
     */
    void restart(int[] nb, StepInput<ConsensusMessage> in) {
      for (int k = 0; k < nb.length; k++) {
        if (in.hasRestarted(nb[k])) {
          base -= inherited[k];
          inherited[k] = 0;
          received[k] = 0;
          heardRound[k] = -1;
          friendOf[k] = false;
        }
      }
    }

    /**
     * A failed neighbour reachable again was cut off, not gone: its links resume from their
     * counters, and what was inherited from it goes back, so it is not counted twice.
     */
    void revive(int[] nb, StepInput<ConsensusMessage> in) {
      for (int k = 0; k < nb.length; k++) {
        if (!alive[k] && in.isReachable(nb[k])) {
          alive[k] = true;
          base -= inherited[k];
          inherited[k] = 0;
          friendOf[k] = false;
        }
      }
    }

    void hear(int[] nb, List<Envelope<ConsensusMessage>> messages) {
      for (Envelope<ConsensusMessage> env : messages) {
        int k = indexOf(nb, env.from());
        ConsensusMessage m = env.body();
        if (k < 0 || !alive[k]) {
          continue;
        }
        // G_ji only grows: the largest heard is the latest, whatever the order of arrival
        received[k] = Math.max(received[k], m.given());
        if (m.round() < heardRound[k]) {
          continue;
        }
        heardRound[k] = m.round();
        heardQ[k] = m.q();
        heardCap[k] = m.capacity();
        heardDeg[k] = m.degree();
        friendOf[k] = m.bestFriend();
      }
    }

    /** A neighbour no longer reachable: its links stop; its best friend inherits its capacity. */
    void fail(int[] nb, StepInput<ConsensusMessage> in) {
      for (int k = 0; k < nb.length; k++) {
        if (alive[k] && !in.isReachable(nb[k])) {
          alive[k] = false;
          if (friendOf[k]) {
            inherited[k] = Math.max(0.0, heardCap[k]);
            base += inherited[k];
          }
        }
      }
    }

    /** Gives gain (q_j - q) over each link to a higher q_j, never more than the capacity held. */
    void give(LimiterContext ctx, double q, double gain, boolean weighted) {
      int d = given.length;
      double[] give = new double[d];
      double giving = 0;
      for (int k = 0; k < d; k++) {
        if (alive[k] && heardRound[k] >= 0 && heardQ[k] > q) {
          give[k] = gain * (weighted ? ctx.weight(k) : 1.0) * (heardQ[k] - q);
          giving += give[k];
        }
      }
      double c = capacity();
      double scale = giving > Math.max(0.0, c) ? Math.max(0.0, c) / giving : 1.0;
      for (int k = 0; k < d; k++) {
        given[k] += give[k] * scale;
      }
    }

    /** One message per live neighbour, naming the best friend: most links heard, then lowest. */
    List<Envelope<ConsensusMessage>> messages(LimiterContext ctx, long round, double q, double c) {
      int[] nb = ctx.neighbours();
      int friend = -1;
      int alivePeers = 0;
      for (int k = 0; k < nb.length; k++) {
        if (!alive[k]) {
          continue;
        }
        alivePeers++;
        if (friend < 0
            || heardDeg[k] > heardDeg[friend]
            || (heardDeg[k] == heardDeg[friend] && nb[k] < nb[friend])) {
          friend = k;
        }
      }
      List<Envelope<ConsensusMessage>> out = new ArrayList<>(nb.length);
      for (int k = 0; k < nb.length; k++) {
        if (alive[k]) {
          out.add(
              new Envelope<>(
                  ctx.id(),
                  nb[k],
                  new ConsensusMessage(round, q, c, alivePeers, k == friend, given[k])));
        }
      }
      return out;
    }
  }

  @Override
  public double demandEstimate(State state) {
    return state.estimate();
  }

  /** The exchanged indicator q_i (paper 000 eq. 2 / paper 003 Table 1), for Jain's index (16). */
  @Override
  public double indicator(LimiterContext context, State state, LocalMeasurement local) {
    return state.q();
  }

  private static double capacity(double base, double[] given, double[] received) {
    double c = base;
    for (int k = 0; k < given.length; k++) {
      c += received[k] - given[k];
    }
    return c;
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
