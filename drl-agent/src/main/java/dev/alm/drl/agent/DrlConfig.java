package dev.alm.drl.agent;

import dev.alm.node.HostPort;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code drl} section of a PoP's config: how its agent reaches the others
 * (docs/ratelimit/agent.md; docs/pop.md).
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
}
