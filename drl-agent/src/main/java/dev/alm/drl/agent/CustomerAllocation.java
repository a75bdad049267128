package dev.alm.drl.agent;

import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.GossipAllocator;
import dev.alm.ratelimit.alloc.GossipLimiterState;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.NoMessage;
import dev.alm.ratelimit.alloc.PeerMessage;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.alloc.StepResult;
import dev.alm.ratelimit.gdrl.ConsensusAllocator;
import dev.alm.ratelimit.gdrl.ConsensusMessage;
import dev.alm.ratelimit.gossip.GossipUpdate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * One customer's {@link Allocator} at one PoP, driven as the simulator drives it: the received
 * messages queue in an inbox, and once per interval {@link #step} runs the allocator on the
 * interval's measurement, the inbox and the peers reachable, keeps the new state and hands back the
 * enforcement and the addressed messages. The agent's modes apply on top of whatever the algorithm
 * decides: in {@link Mode#LEASE} the last enforcement decided in {@link Mode#NORMAL} stays, in
 * {@link Mode#SAFE} a token bucket at L/N (paper 000 Fig. 1 line 9), and a PoP that has just joined
 * takes at most L/N.
 *
 * <p>Not thread-safe: owned by the agent's core, on the agent's thread.
 *
 * @param <S> the allocator's state
 * @param <M> its message type
 */
final class CustomerAllocation<S, M extends PeerMessage> {

  final CustomerLimit limit;
  final Allocator<S, M> allocator;
  final LimiterContext context;
  private final Class<? extends PeerMessage> messageType;
  private final List<Envelope<M>> inbox = new ArrayList<>();
  private final long[] offset;
  private final long[] maxSeen;
  private final BitSet restarted;
  private S state;
  private Enforcement enforcement;
  private Enforcement lastNormal;
  private List<Envelope<M>> outgoing = List.of();
  private double demand;

  CustomerAllocation(CustomerLimit limit, Allocator<S, M> allocator, LimiterContext context) {
    this.limit = limit;
    this.allocator = allocator;
    this.context = context;
    this.messageType = messageType(allocator);
    this.offset = new long[context.limiters()];
    this.maxSeen = new long[context.limiters()];
    this.restarted = new BitSet(context.limiters());
    this.state = allocator.initialState(context);
    this.enforcement = safe();
    this.lastNormal = allocator.initialEnforcement(context, state);
  }

  /** The same allocation under a new limit: the state carries over when it does not hold L. */
  CustomerAllocation<S, M> withLimit(CustomerLimit next, LimiterContext nextContext) {
    CustomerAllocation<S, M> c = new CustomerAllocation<>(next, allocator, nextContext);
    if (allocator instanceof GossipAllocator) {
      c.state = state;
      c.inbox.addAll(inbox);
      System.arraycopy(offset, 0, c.offset, 0, offset.length);
      System.arraycopy(maxSeen, 0, c.maxSeen, 0, maxSeen.length);
    }
    return c;
  }

  private static Class<? extends PeerMessage> messageType(Allocator<?, ?> a) {
    if (a instanceof GossipAllocator) {
      return GossipUpdate.class;
    }
    if (a instanceof ConsensusAllocator) {
      return ConsensusMessage.class;
    }
    return NoMessage.class;
  }

  /** Whether messages of this customer go out in the table's form (a probe may copy them). */
  boolean gossips() {
    return messageType == GossipUpdate.class;
  }

  /**
   * The value a table-gossip update from this PoP carries now (r_i, or FPS's w_i), for the probe of
   * a silent peer; NaN when the algorithm does not gossip.
   */
  double gossipedValue() {
    return state instanceof GossipLimiterState g ? g.gossipedValue() : Double.NaN;
  }

  /**
   * A sender restarted: its sequence numbers continue above the highest seen, and the allocator
   * hears of it at the next step (GDRL's links to it start again from zero).
   */
  void senderRestarted(int from) {
    offset[from] = maxSeen[from];
    restarted.set(from);
  }

  /**
   * Queues a received message for the next step.
   *
   * @return false when the message is not of this customer's algorithm (a PoP configured
   *     differently), which is then ignored
   */
  @SuppressWarnings("unchecked")
  boolean receive(int from, PeerMessage m) {
    if (!messageType.isInstance(m)) {
      return false;
    }
    PeerMessage shifted = MessageWire.shifted(m, offset[from]);
    maxSeen[from] = Math.max(maxSeen[from], MessageWire.sequence(shifted));
    inbox.add(new Envelope<>(from, context.id(), (M) shifted));
    return true;
  }

  /**
   * One estimate interval: steps the allocator and returns the enforcement after the modes.
   *
   * @param now the end of the interval, seconds on the agent's clock
   * @param local what the PoP measured for this customer during the interval
   * @param reachable the peers the gossip allocators may count on (heard, or believed up for
   *     push-sum); the consensus allocators count on every peer membership has not removed
   * @param removed the peers membership removed
   * @param mode the agent's mode
   * @param joining whether the PoP has just (re)joined (at most L/N)
   */
  Enforcement step(
      double now,
      LocalMeasurement local,
      BitSet reachable,
      BitSet removed,
      Mode mode,
      boolean joining,
      RandomGenerator random) {
    // GDRL and the Laplacian throttler take an unreachable neighbour as failed for good (its best
    // friend inherits its capacity): only membership's removal says that; a peer merely not heard
    // yet, or silent for a while, keeps its links
    BitSet seen = reachable;
    if (messageType == ConsensusMessage.class) {
      seen = new BitSet(context.limiters());
      seen.set(0, context.limiters());
      if (removed != null) {
        seen.andNot(removed);
      }
    }
    StepResult<S, M> r =
        allocator.step(
            context,
            state,
            new StepInput<>(
                now, local, inbox, seen, removed, restarted.isEmpty() ? null : restarted),
            random);
    inbox.clear();
    restarted.clear();
    state = r.state();
    outgoing = r.outgoing();
    demand = local.arrivalRate();
    // an algorithm that exchanges nothing (CTB: the central store holds the one bucket) does not
    // depend on hearing peers, so the modes leave it alone
    Mode effective = allocator.hearsPeers() ? mode : Mode.NORMAL;
    Enforcement e =
        switch (effective) {
          case NORMAL -> r.enforcement();
          case LEASE -> lastNormal;
          case SAFE -> safe();
        };
    if (joining && effective == mode) {
      e = atMostEqualShare(e);
    }
    if (effective == Mode.NORMAL) {
      lastNormal = e;
    }
    enforcement = e;
    return e;
  }

  /** The messages of the latest step, each addressed to one peer. */
  List<Envelope<M>> outgoing() {
    return outgoing;
  }

  /** The enforcement decided at the latest step (L/N in safe mode before the first). */
  Enforcement enforcement() {
    return enforcement;
  }

  /**
   * The rate the enforcement lets through in units/s, for status and for enforcement points that
   * only take a rate: a bucket's rate; (1 - p) times the interval's demand under a drop
   * probability; L under the central bucket (the central store polices).
   */
  double shareRate() {
    if (enforcement instanceof Enforcement.LocalLimit l) {
      return l.rate();
    }
    if (enforcement instanceof Enforcement.DropProbability p) {
      return (1 - p.probability()) * demand;
    }
    return limit.limit();
  }

  /** The allocator's demand estimate (EWMA'd r_i), or the interval's demand when it keeps none. */
  double demandEstimate() {
    double d = allocator.demandEstimate(state);
    return Double.isNaN(d) ? demand : d;
  }

  /** The allocator's global estimate (D for the gossip algorithms), NaN when it keeps none. */
  double globalEstimate() {
    return allocator.globalEstimate(state);
  }

  private Enforcement safe() {
    return new Enforcement.LocalLimit(context.equalShare(), context.bucketDepth());
  }

  private Enforcement atMostEqualShare(Enforcement e) {
    if (e instanceof Enforcement.LocalLimit l && l.rate() > context.equalShare()) {
      return new Enforcement.LocalLimit(context.equalShare(), l.depth());
    }
    return e;
  }
}
