package dev.alm.drl.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
 * @param neighbours this PoP's neighbours in the communication graph of GDRL and the Laplacian
 *     throttler (paper 000's G, paper 003's graph), or {@code null} for every other PoP (the
 *     complete graph); the gossip algorithms draw their peers from all PoPs whatever this says
 * @param algorithms per algorithm name, its parameters as a scenario's {@code algorithms.<name>}
 *     object gives them ({@code {"gdrl": {"eta": 0.1}}}); empty for the defaults
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
    List<CustomerLimit> customers,
    int[] neighbours,
    JsonNode algorithms) {

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
    if (neighbours != null) {
      neighbours = neighbours.clone();
      for (int p : neighbours) {
        if (p < 0 || p >= limiters || p == id) {
          throw new IllegalArgumentException(
              "neighbour " + p + " is not another of the " + limiters);
        }
      }
    }
    if (algorithms == null || !algorithms.isObject()) {
      algorithms = JsonNodeFactory.instance.objectNode();
    }
  }

  /** Settings with the complete graph and every algorithm's default parameters. */
  public AgentSettings(
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
    this(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        peerTimeout,
        ewma,
        gossip,
        customers,
        null,
        null);
  }

  /** This PoP's graph neighbours: the configured ones, or every other PoP. */
  public int[] graphNeighbours() {
    if (neighbours != null) {
      return neighbours.clone();
    }
    int[] all = new int[limiters - 1];
    for (int p = 0, k = 0; p < limiters; p++) {
      if (p != id) {
        all[k++] = p;
      }
    }
    return all;
  }

  @Override
  public int[] neighbours() {
    return neighbours == null ? null : neighbours.clone();
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
        id,
        limiters,
        seconds,
        fanOut,
        lease,
        silence,
        peerTimeout,
        ewma,
        gossip,
        customers,
        neighbours,
        algorithms);
  }

  public AgentSettings withFanOut(int br) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        br,
        lease,
        silence,
        peerTimeout,
        ewma,
        gossip,
        customers,
        neighbours,
        algorithms);
  }

  public AgentSettings withLease(double seconds) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        seconds,
        silence,
        peerTimeout,
        ewma,
        gossip,
        customers,
        neighbours,
        algorithms);
  }

  public AgentSettings withSilence(double seconds) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        seconds,
        peerTimeout,
        ewma,
        gossip,
        customers,
        neighbours,
        algorithms);
  }

  public AgentSettings withPeerTimeout(double seconds) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        seconds,
        ewma,
        gossip,
        customers,
        neighbours,
        algorithms);
  }

  public AgentSettings withEwma(double perSecond) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        peerTimeout,
        perSecond,
        gossip,
        customers,
        neighbours,
        algorithms);
  }

  public AgentSettings withGossip(GossipMode mode) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        peerTimeout,
        ewma,
        mode,
        customers,
        neighbours,
        algorithms);
  }

  /** These settings for another PoP; graph neighbours are a PoP's own, so they go back to all. */
  public AgentSettings withId(int newId) {
    return new AgentSettings(
        newId,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        peerTimeout,
        ewma,
        gossip,
        customers,
        null,
        algorithms);
  }

  /** These settings with graph neighbours ({@code null}: every other PoP). */
  public AgentSettings withNeighbours(int[] graph) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        peerTimeout,
        ewma,
        gossip,
        customers,
        graph,
        algorithms);
  }

  /** These settings with the algorithms' parameters, {@code {"gdrl": {"eta": 0.1}, ...}}. */
  public AgentSettings withAlgorithms(JsonNode parameters) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        peerTimeout,
        ewma,
        gossip,
        customers,
        neighbours,
        parameters);
  }

  /** These settings with other customers. */
  public AgentSettings withCustomers(List<CustomerLimit> list) {
    return new AgentSettings(
        id,
        limiters,
        interval,
        fanOut,
        lease,
        silence,
        peerTimeout,
        ewma,
        gossip,
        list,
        neighbours,
        algorithms);
  }

  /** The peer timeout in seconds, the default resolved. */
  public double effectivePeerTimeout() {
    if (peerTimeout > 0) {
      return peerTimeout;
    }
    return Math.max(silence, 15.0 * (limiters - 1) / fanOut * interval);
  }
}
