package dev.alm.ratelimit.alloc;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * One algorithm that splits a global limit across N limiters, as a pure step run by every limiter
 * once per estimate interval.
 *
 * <p>The contract, shared by the simulator and a live agent:
 *
 * <ol>
 *   <li>{@link #initialState} once per limiter, from its {@link LimiterContext} (its id, N, the
 *       global limit, the interval, its neighbours in the communication graph);
 *   <li>{@link #initialEnforcement} polices local traffic until the first step;
 *   <li>at the end of each estimate interval, {@link #step} with the state returned by the previous
 *       call, a {@link StepInput} (the time, the local measurement of the interval just ended, the
 *       messages received since the previous step in arrival order, and the peers currently
 *       reachable) and a random generator owned by the caller (seeded in the simulator). The result
 *       holds the new state, the {@link Enforcement} to apply until the next step and the messages
 *       to send now, each addressed to one peer.
 * </ol>
 *
 * <p>Timing: a message returned by the step at the end of interval k reaches its receiver's step at
 * interval k + d with d &gt;= 1 (in the simulator d = max(1, ceil(delay / interval))), so a
 * consensus step sees its neighbours' values of the previous interval or older, and lost messages
 * never arrive. Algorithms that must conserve a sum under loss (paper 000 section IV, "message
 * passing") carry what they need in their own message type.
 *
 * <p>Implementations must not keep mutable state outside the state object, read a clock or do I/O;
 * the caller owns delivery (loss, delay, reordering). States should be immutable records or be
 * treated as owned by the step (a step may return the same object it received, updated, only if it
 * documents that; the simulator never reads an old state after a step).
 *
 * <p>Paper mapping: 001 section 3.2 (GTB, GRD Fig. 1, FPS Fig. 2; CTB as {@link
 * Enforcement.CentralBucket}); 000 Fig. 1 (GDRL: the state holds C_i, the messages carry q_i to the
 * graph neighbours); 003 eq. (3)-(4) (the state holds x_i, the messages carry p_i, the weights w_ij
 * are {@link LimiterContext#neighbourWeights}).
 *
 * @param <S> the per-limiter state
 * @param <M> the message body exchanged between limiters
 */
public interface Allocator<S, M extends PeerMessage> {

  /** The algorithm's name as the commands spell it ({@code fps}, {@code gdrl}, ...). */
  String name();

  /** The state of one limiter before its first step. */
  S initialState(LimiterContext context);

  /** How the limiter polices traffic before its first step (the 1/N share for most algorithms). */
  Enforcement initialEnforcement(LimiterContext context, S state);

  /**
   * One estimate interval of one limiter: pure apart from drawing from {@code random}.
   *
   * @param context the limiter's fixed context (the same object given to {@link #initialState})
   * @param state the state returned by the previous step (or {@link #initialState})
   * @param input the interval's local measurement, received messages and membership
   * @param random the caller's random generator (gossip peer choice, sampling)
   */
  StepResult<S, M> step(
      LimiterContext context, S state, StepInput<M> input, RandomGenerator random);

  /**
   * The value shown as this limiter's performance indicator q_i (paper 000 eq. 2, paper 003 Table
   * 1) for Jain's index across limiters; by default the local measurement's served rate divided by
   * its demand rate (1 when there was no demand), the throttled ratio's complement.
   */
  default double indicator(LimiterContext context, S state, LocalMeasurement local) {
    return local.arrived() <= 0 ? 1.0 : Math.min(1.0, local.served() / local.arrived());
  }

  /**
   * This limiter's demand estimate in units/s after a step (the EWMA'd r_i of paper 001 section 3.1
   * for the gossip algorithms), for status pages; NaN when the algorithm keeps none.
   */
  default double demandEstimate(S state) {
    return Double.NaN;
  }

  /**
   * The limiter's estimate of the global sum it gossips (D = sum_i r_i, or FPS's total weight), for
   * status pages; NaN when the algorithm keeps none.
   */
  default double globalEstimate(S state) {
    return Double.NaN;
  }

  /**
   * Whether the limiter's decisions rest on hearing its peers. False for the allocators that
   * exchange nothing (a fixed local limit; CTB, whose one bucket the central store holds): a live
   * agent's modes (safe start, lease) leave those alone.
   */
  default boolean hearsPeers() {
    return true;
  }

  /** The messages a limiter would send, as a convenience for allocators that send none. */
  static <M extends PeerMessage> List<Envelope<M>> none() {
    return List.of();
  }
}
