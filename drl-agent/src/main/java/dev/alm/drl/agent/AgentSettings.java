package dev.alm.drl.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one PoP's agent is configured with. Immutable; {@link #defaults} gives paper 001's values
 * (50 ms estimate interval, br = 3, a 1-second EWMA parameter of 0.1), {@link #builder} the same
 * defaults with named setters, and the {@code with...} methods change one field.
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
 * @param bucketSeconds the depth of the token buckets the allocators enforce, in seconds of each
 *     customer's limit (0.1 s by default; a scenario run live takes the scenario's depth)
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
    JsonNode algorithms,
    double bucketSeconds) {

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
  public static final double DEFAULT_BUCKET_SECONDS = 0.1;

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
    if (!(bucketSeconds > 0) || Double.isInfinite(bucketSeconds)) {
      throw new IllegalArgumentException(
          "bucket depth must be > 0 s of the limit: " + bucketSeconds);
    }
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
   * The customers an agent can share, checked: at most {@link PacketCodec#MAX_ENTRIES} (a receiver
   * keeps counters per customer and sender; the entries for one peer take as many datagrams as they
   * need), no two with the same wire key. None is allowed: the agent then gossips nothing until
   * customers are given ({@code POST /customers} at the PoP). The one check of the list, at start
   * and at run time.
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
              + " customers in mode drl (a receiver keeps counters per customer and sender), got "
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
    return builder(id, limiters).customers(customers).build();
  }

  /**
   * A builder for PoP {@code id} of {@code limiters} with the named defaults: {@link
   * #DEFAULT_INTERVAL}, {@link #DEFAULT_FAN_OUT}, {@link #DEFAULT_LEASE}, {@link #DEFAULT_SILENCE},
   * the peer timeout resolved from them (0), {@link #DEFAULT_EWMA}, table gossip, no customers, the
   * complete graph, every algorithm's default parameters and {@link #DEFAULT_BUCKET_SECONDS}.
   */
  public static Builder builder(int id, int limiters) {
    return new Builder(id, limiters);
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    Builder b = new Builder(id, limiters);
    b.interval = interval;
    b.fanOut = fanOut;
    b.lease = lease;
    b.silence = silence;
    b.peerTimeout = peerTimeout;
    b.ewma = ewma;
    b.gossip = gossip;
    b.customers = customers;
    b.neighbours = neighbours;
    b.algorithms = algorithms;
    b.bucketSeconds = bucketSeconds;
    return b;
  }

  public AgentSettings withInterval(double seconds) {
    return toBuilder().interval(seconds).build();
  }

  public AgentSettings withFanOut(int br) {
    return toBuilder().fanOut(br).build();
  }

  public AgentSettings withLease(double seconds) {
    return toBuilder().lease(seconds).build();
  }

  public AgentSettings withSilence(double seconds) {
    return toBuilder().silence(seconds).build();
  }

  public AgentSettings withPeerTimeout(double seconds) {
    return toBuilder().peerTimeout(seconds).build();
  }

  public AgentSettings withEwma(double perSecond) {
    return toBuilder().ewma(perSecond).build();
  }

  public AgentSettings withGossip(GossipMode mode) {
    return toBuilder().gossip(mode).build();
  }

  /** These settings for another PoP; graph neighbours are a PoP's own, so they go back to all. */
  public AgentSettings withId(int newId) {
    Builder b = toBuilder().neighbours(null);
    b.id = newId;
    return b.build();
  }

  /** These settings with graph neighbours ({@code null}: every other PoP). */
  public AgentSettings withNeighbours(int[] graph) {
    return toBuilder().neighbours(graph).build();
  }

  /** These settings with the algorithms' parameters, {@code {"gdrl": {"eta": 0.1}, ...}}. */
  public AgentSettings withAlgorithms(JsonNode parameters) {
    return toBuilder().algorithms(parameters).build();
  }

  /** These settings with other customers. */
  public AgentSettings withCustomers(List<CustomerLimit> list) {
    return toBuilder().customers(list).build();
  }

  /**
   * Builds {@link AgentSettings}; each setter names one field, the rest keep their defaults ({@link
   * #builder}) or the values copied ({@link #toBuilder}). {@link #build} checks them all, with the
   * record's messages.
   */
  public static final class Builder {
    private int id;
    private final int limiters;
    private double interval = DEFAULT_INTERVAL;
    private int fanOut = DEFAULT_FAN_OUT;
    private double lease = DEFAULT_LEASE;
    private double silence = DEFAULT_SILENCE;
    private double peerTimeout;
    private double ewma = DEFAULT_EWMA;
    private GossipMode gossip = GossipMode.TABLE;
    private List<CustomerLimit> customers = List.of();
    private int[] neighbours;
    private JsonNode algorithms;
    private double bucketSeconds = DEFAULT_BUCKET_SECONDS;

    private Builder(int id, int limiters) {
      this.id = id;
      this.limiters = limiters;
    }

    /** The estimate interval, seconds. */
    public Builder interval(double seconds) {
      this.interval = seconds;
      return this;
    }

    /** br, peers sent to per interval. */
    public Builder fanOut(int br) {
      this.fanOut = br;
      return this;
    }

    /** Seconds a cut-off PoP keeps its last enforcement. */
    public Builder lease(double seconds) {
      this.lease = seconds;
      return this;
    }

    /** Seconds without any datagram after which a PoP counts itself cut off. */
    public Builder silence(double seconds) {
      this.silence = seconds;
      return this;
    }

    /** Seconds without a datagram from one peer after which it is silent; 0 for the default. */
    public Builder peerTimeout(double seconds) {
      this.peerTimeout = seconds;
      return this;
    }

    /** The 1-second EWMA parameter of the local demand. */
    public Builder ewma(double perSecond) {
      this.ewma = perSecond;
      return this;
    }

    /** The estimator of the global demand. */
    public Builder gossip(GossipMode mode) {
      this.gossip = mode;
      return this;
    }

    /** The customers and their global limits. */
    public Builder customers(List<CustomerLimit> list) {
      this.customers = list;
      return this;
    }

    /** This PoP's graph neighbours, {@code null} for every other PoP. */
    public Builder neighbours(int[] graph) {
      this.neighbours = graph;
      return this;
    }

    /** Per algorithm name, its parameters; {@code null} for the defaults. */
    public Builder algorithms(JsonNode parameters) {
      this.algorithms = parameters;
      return this;
    }

    /** The depth of the allocators' token buckets in seconds of each customer's limit. */
    public Builder bucketSeconds(double seconds) {
      this.bucketSeconds = seconds;
      return this;
    }

    /**
     * The settings.
     *
     * @throws IllegalArgumentException naming the first value that does not fit
     */
    public AgentSettings build() {
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
          algorithms,
          bucketSeconds);
    }
  }

  /** The peer timeout in seconds, the default resolved. */
  public double effectivePeerTimeout() {
    if (peerTimeout > 0) {
      return peerTimeout;
    }
    return Math.max(silence, 15.0 * (limiters - 1) / fanOut * interval);
  }
}
