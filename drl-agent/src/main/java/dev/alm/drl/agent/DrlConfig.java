package dev.alm.drl.agent;

import dev.alm.node.HostPort;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code drl} section of a PoP's config: how its agent reaches the others
 * (docs/ratelimit/agent.md; docs/pop/configuration.md). {@link #builder} gives the defaults with
 * named setters; listen, swim and the key file have none and must be set.
 *
 * @param id this PoP's agent id, or -1 for the PoP's index in the topology
 * @param limiters N, or 0 for the topology's size
 * @param listen the UDP address the gossip socket binds
 * @param swim the TCP address of the SWIM member (ScaleCube's transport)
 * @param seeds other PoPs' SWIM addresses, host:port
 * @param keyFile the gossip key file ({@code dev.alm.io.KeyRing})
 * @param interval the estimate interval, seconds
 * @param fanOut br
 * @param lease seconds a cut-off PoP keeps its last share
 * @param silence seconds without any valid datagram before a PoP counts itself cut off
 * @param pingIntervalMs SWIM's protocol period
 * @param gossip the estimator
 * @param customers customers and limits given here; empty to take the proxy's
 */
public record DrlConfig(
    int id,
    int limiters,
    HostPort listen,
    HostPort swim,
    List<String> seeds,
    Path keyFile,
    double interval,
    int fanOut,
    double lease,
    double silence,
    int pingIntervalMs,
    AgentSettings.GossipMode gossip,
    List<CustomerLimit> customers) {

  /** The agent id when none is given: the PoP's index in the topology. */
  public static final int DEFAULT_ID = -1;

  /** N when none is given: the topology's size. */
  public static final int DEFAULT_LIMITERS = 0;

  /** The estimate interval when none is given, seconds (50 ms). */
  public static final double DEFAULT_INTERVAL = AgentSettings.DEFAULT_INTERVAL;

  /** SWIM's protocol period when none is given, milliseconds. */
  public static final int DEFAULT_PING_INTERVAL_MS = 200;

  public DrlConfig {
    if (listen == null || swim == null || keyFile == null || gossip == null) {
      throw new IllegalArgumentException("listen, swim, keyFile and gossip are required");
    }
    seeds = List.copyOf(seeds);
    customers = List.copyOf(customers);
  }

  /**
   * The agent's settings for PoP {@code index} of {@code size}, with the customers given here or
   * else {@code fromProxy}.
   *
   * @throws IllegalArgumentException when a value does not fit (the message names it)
   */
  public AgentSettings settings(int index, int size, List<CustomerLimit> fromProxy) {
    int n = limiters > 0 ? limiters : size;
    int self = id >= 0 ? id : index;
    List<CustomerLimit> c = customers.isEmpty() ? fromProxy : customers;
    return AgentSettings.builder(self, n)
        .interval(interval)
        .fanOut(fanOut)
        .lease(lease)
        .silence(silence)
        .gossip(gossip)
        .customers(c)
        .build();
  }

  /**
   * A builder with the named defaults: {@link #DEFAULT_ID}, {@link #DEFAULT_LIMITERS}, no seeds,
   * {@link #DEFAULT_INTERVAL}, {@link AgentSettings#DEFAULT_FAN_OUT}, {@link
   * AgentSettings#DEFAULT_LEASE}, a silence of {@link AgentSettings#DEFAULT_SILENCE} or the
   * interval if longer, {@link #DEFAULT_PING_INTERVAL_MS}, table gossip and no customers.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link DrlConfig}; each setter names one field, the rest keep their defaults. */
  public static final class Builder {
    private int id = DEFAULT_ID;
    private int limiters = DEFAULT_LIMITERS;
    private HostPort listen;
    private HostPort swim;
    private List<String> seeds = List.of();
    private Path keyFile;
    private double interval = DEFAULT_INTERVAL;
    private int fanOut = AgentSettings.DEFAULT_FAN_OUT;
    private double lease = AgentSettings.DEFAULT_LEASE;
    private double silence = Double.NaN;
    private int pingIntervalMs = DEFAULT_PING_INTERVAL_MS;
    private AgentSettings.GossipMode gossip = AgentSettings.GossipMode.TABLE;
    private List<CustomerLimit> customers = List.of();

    private Builder() {}

    public Builder id(int v) {
      id = v;
      return this;
    }

    public Builder limiters(int v) {
      limiters = v;
      return this;
    }

    public Builder listen(HostPort v) {
      listen = v;
      return this;
    }

    public Builder swim(HostPort v) {
      swim = v;
      return this;
    }

    public Builder seeds(List<String> v) {
      seeds = v;
      return this;
    }

    public Builder keyFile(Path v) {
      keyFile = v;
      return this;
    }

    /** The estimate interval, seconds. */
    public Builder interval(double seconds) {
      interval = seconds;
      return this;
    }

    /** The estimate interval set so far, seconds. */
    public double interval() {
      return interval;
    }

    public Builder fanOut(int v) {
      fanOut = v;
      return this;
    }

    public Builder lease(double seconds) {
      lease = seconds;
      return this;
    }

    /** Seconds of silence before a PoP counts itself cut off; NaN for the default. */
    public Builder silence(double seconds) {
      silence = seconds;
      return this;
    }

    public Builder pingIntervalMs(int v) {
      pingIntervalMs = v;
      return this;
    }

    public Builder gossip(AgentSettings.GossipMode v) {
      gossip = v;
      return this;
    }

    public Builder customers(List<CustomerLimit> v) {
      customers = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException when listen, swim, the key file or the gossip mode is
     *     missing
     */
    public DrlConfig build() {
      return new DrlConfig(
          id,
          limiters,
          listen,
          swim,
          seeds,
          keyFile,
          interval,
          fanOut,
          lease,
          Double.isNaN(silence) ? Math.max(AgentSettings.DEFAULT_SILENCE, interval) : silence,
          pingIntervalMs,
          gossip,
          customers);
    }
  }
}
