package dev.alm.drl.agent;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one PoP's agent is configured with. Immutable; {@link #defaults} gives paper 001's values
 * (50 ms estimate interval, br = 3, a 1-second EWMA parameter of 0.1) and the {@code with...}
 * methods change one field.
 *
 * @param id this PoP's number, 0..limiters-1 (paper 001 section 3: limiters are numbered)
 * @param limiters N, the PoPs sharing the limits (section 5.6: every limiter knows N)
 * @param interval the estimate interval in seconds
 * @param fanOut br, peers sent to per interval
 * @param lease seconds a PoP that hears no peer keeps its last share before falling to L/N
 * @param silence seconds without any valid datagram after which a PoP counts itself cut off
 * @param peerTimeout seconds without a datagram from one peer after which it counts as silent and
 *     L/N is kept for it; 0 for the default, max(silence, 15 (N - 1) / br intervals)
 * @param ewma the 1-second EWMA parameter of the local demand (section 3.1), in [0, 1)
 * @param gossip the estimator of the global demand
 * @param customers the customers and their global limits, the same list at every PoP; may be empty
 *     (customers given later, {@link AgentCore#setCustomers})
 */
public record AgentSettings(
    int id,
    int limiters,
    double interval,
    int fanOut,
    double lease,
    double silence,
    double peerTimeout,
    double ewma,
    GossipMode gossip,
    List<CustomerLimit> customers) {

  /** The estimator of the global sum (part 1's {@code dev.alm.ratelimit.gossip}). */
  public enum GossipMode {
    /** {@code TableGossip}: the latest value heard from every peer (the default). */
    TABLE,
    /** {@code PushSumGossip}: Kempe et al.'s push-sum with section 4.2's loss compensation. */
    PUSH_SUM
  }

  public static final double DEFAULT_INTERVAL = 0.05;
  public static final int DEFAULT_FAN_OUT = 3;
  public static final double DEFAULT_LEASE = 5;
  public static final double DEFAULT_SILENCE = 1;
  public static final double DEFAULT_EWMA = 0.1;

  public AgentSettings {
    if (limiters < 1 || id < 0 || id >= limiters) {
      throw new IllegalArgumentException("id " + id + " must be in 0.." + (limiters - 1));
    }
    if (!(interval > 0 && interval <= 10)) {
      throw new IllegalArgumentException("interval must be in (0, 10] s: " + interval);
    }
    if (fanOut < 1) {
      throw new IllegalArgumentException("fan-out must be >= 1: " + fanOut);
    }
    if (!(lease >= 0) || !(silence >= interval) || !(peerTimeout >= 0)) {
      throw new IllegalArgumentException(
          "lease >= 0, silence >= interval and peer timeout >= 0 required");
    }
    if (!(ewma >= 0 && ewma < 1)) {
      throw new IllegalArgumentException("ewma must be in [0, 1): " + ewma);
    }
    if (gossip == null) {
      throw new IllegalArgumentException("a gossip mode is required");
    }
    customers = checkedCustomers(customers);
  }

  /**
   * The customers an agent can share, checked: at most {@link PacketCodec#MAX_ENTRIES} (one
   * datagram carries an entry per customer), no two with the same wire key. None is allowed: the
   * agent then gossips nothing until customers are given ({@code POST /customers} at the PoP). The
   * one check of the list, at start and at run time.
   *
   * @throws IllegalArgumentException naming the problem, in one line
   */
  public static List<CustomerLimit> checkedCustomers(List<CustomerLimit> customers) {
    if (customers == null) {
      throw new IllegalArgumentException("customers are required (an empty list for none)");
    }
    if (customers.size() > PacketCodec.MAX_ENTRIES) {
      throw new IllegalArgumentException(
          "at most "
              + PacketCodec.MAX_ENTRIES
              + " customers in mode drl (one gossip datagram carries an entry per customer), got "
              + customers.size());
    }
    Map<Integer, String> keys = new HashMap<>();
    for (CustomerLimit c : customers) {
      String other = keys.put(c.key(), c.name());
      if (other != null) {
        throw new IllegalArgumentException(
            "customers " + other + " and " + c.name() + " have the same wire key; rename one");
      }
    }
    return List.copyOf(customers);
  }

  /** Paper 001's defaults for PoP {@code id} of {@code limiters}. */
  public static AgentSettings defaults(int id, int limiters, List<CustomerLimit> customers) {
    return new AgentSettings(
        id,
        limiters,
        DEFAULT_INTERVAL,
        DEFAULT_FAN_OUT,
        DEFAULT_LEASE,
        DEFAULT_SILENCE,
        0,
        DEFAULT_EWMA,
        GossipMode.TABLE,
        customers);
  }

  public AgentSettings withInterval(double seconds) {
    return new AgentSettings(
        id, limiters, seconds, fanOut, lease, silence, peerTimeout, ewma, gossip, customers);
  }

  public AgentSettings withFanOut(int br) {
    return new AgentSettings(
        id, limiters, interval, br, lease, silence, peerTimeout, ewma, gossip, customers);
  }

  public AgentSettings withLease(double seconds) {
    return new AgentSettings(
        id, limiters, interval, fanOut, seconds, silence, peerTimeout, ewma, gossip, customers);
  }

  public AgentSettings withSilence(double seconds) {
    return new AgentSettings(
        id, limiters, interval, fanOut, lease, seconds, peerTimeout, ewma, gossip, customers);
  }

  public AgentSettings withPeerTimeout(double seconds) {
    return new AgentSettings(
        id, limiters, interval, fanOut, lease, silence, seconds, ewma, gossip, customers);
  }

  public AgentSettings withEwma(double perSecond) {
    return new AgentSettings(
        id, limiters, interval, fanOut, lease, silence, peerTimeout, perSecond, gossip, customers);
  }

  public AgentSettings withGossip(GossipMode mode) {
    return new AgentSettings(
        id, limiters, interval, fanOut, lease, silence, peerTimeout, ewma, mode, customers);
  }

  public AgentSettings withId(int newId) {
    return new AgentSettings(
        newId, limiters, interval, fanOut, lease, silence, peerTimeout, ewma, gossip, customers);
  }

  /** The peer timeout in seconds, the default resolved. */
  public double effectivePeerTimeout() {
    if (peerTimeout > 0) {
      return peerTimeout;
    }
    return Math.max(silence, 15.0 * (limiters - 1) / fanOut * interval);
  }
}
