package dev.alm.pop;

import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfig;
import dev.alm.drl.agent.DrlConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.loop.LoopConfig;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import dev.alm.proxy.ProxyConfig;
import java.nio.file.Path;

/**
 * Everything one PoP daemon runs with: its place in the topology, its DNS server, its proxy, its
 * control loop, the probe plan, where its state is persisted and where its admin server listens.
 *
 * @param topology the deployment's topology (C, capacities, costs); this PoP is node {@code index}
 * @param index this PoP's index in the topology
 * @param dns the DNS server's configuration (its pop is this PoP's id)
 * @param dnsThreads DNS event-loop threads
 * @param proxy the proxy's configuration; its capacity is T_i x loadUnit requests/s
 * @param loop the control loop
 * @param plan the probe plan's gamma and floor (eq. 19); gamma equals the beta estimator's
 * @param state the state file, or null not to persist
 * @param admin the admin address for /status and /metrics, or null
 * @param adminAccess who may use the admin server: loopback only, or a bearer token
 * @param drl the DRL agent's section (docs/ratelimit/agent.md), or null for none
 */
public record PopConfig(
    Topology topology,
    int index,
    DnsConfig dns,
    int dnsThreads,
    ProxyConfig proxy,
    LoopConfig loop,
    ProbePlanConfig plan,
    Path state,
    HostPort admin,
    AdminAccess adminAccess,
    DrlConfig drl) {

  /** A PoP whose admin server serves loopback only, with no token, and no DRL agent. */
  public PopConfig(
      Topology topology,
      int index,
      DnsConfig dns,
      int dnsThreads,
      ProxyConfig proxy,
      LoopConfig loop,
      ProbePlanConfig plan,
      Path state,
      HostPort admin) {
    this(
        topology,
        index,
        dns,
        dnsThreads,
        proxy,
        loop,
        plan,
        state,
        admin,
        AdminAccess.LOOPBACK_ONLY,
        null);
  }

  public PopConfig {
    if (adminAccess == null) {
      throw new IllegalArgumentException("adminAccess: required");
    }
    if (admin != null) {
      adminAccess.checkBind(admin);
    }
    if (topology == null || dns == null || proxy == null || loop == null || plan == null) {
      throw new IllegalArgumentException("topology, dns, proxy, loop and plan are required");
    }
    if (index < 0 || index >= topology.size()) {
      throw new IllegalArgumentException("PoP index " + index + " outside the topology");
    }
    String id = topology.node(index).id();
    if (!id.equals(dns.pop()) || !id.equals(proxy.pop())) {
      throw new IllegalArgumentException(
          "pop: the DNS ("
              + dns.pop()
              + ") and proxy ("
              + proxy.pop()
              + ") must carry the topology id "
              + id);
    }
    if (plan.gamma() != loop.beta().gamma()) {
      throw new IllegalArgumentException(
          "probes.gamma: the plan and the beta estimator must use one gamma");
    }
    if (dnsThreads < 1) {
      throw new IllegalArgumentException("dnsThreads must be >= 1, got " + dnsThreads);
    }
  }

  /** This configuration with another proxy configuration (e.g. the probe key from a flag). */
  public PopConfig withProxy(ProxyConfig p) {
    return new PopConfig(
        topology, index, dns, dnsThreads, p, loop, plan, state, admin, adminAccess, drl);
  }

  /** This configuration with another DNS configuration. */
  public PopConfig withDns(DnsConfig d) {
    return new PopConfig(
        topology, index, d, dnsThreads, proxy, loop, plan, state, admin, adminAccess, drl);
  }

  /** This configuration with another loop configuration. */
  public PopConfig withLoop(LoopConfig l) {
    return new PopConfig(
        topology, index, dns, dnsThreads, proxy, l, plan, state, admin, adminAccess, drl);
  }

  /** A PoP with a DRL agent (null: none), its admin server loopback only. */
  public PopConfig(
      Topology topology,
      int index,
      DnsConfig dns,
      int dnsThreads,
      ProxyConfig proxy,
      LoopConfig loop,
      ProbePlanConfig plan,
      Path state,
      HostPort admin,
      DrlConfig drl) {
    this(
        topology,
        index,
        dns,
        dnsThreads,
        proxy,
        loop,
        plan,
        state,
        admin,
        AdminAccess.LOOPBACK_ONLY,
        drl);
  }

  /** A PoP whose admin server is guarded by {@code adminAccess}, without a DRL agent. */
  public PopConfig(
      Topology topology,
      int index,
      DnsConfig dns,
      int dnsThreads,
      ProxyConfig proxy,
      LoopConfig loop,
      ProbePlanConfig plan,
      Path state,
      HostPort admin,
      AdminAccess adminAccess) {
    this(topology, index, dns, dnsThreads, proxy, loop, plan, state, admin, adminAccess, null);
  }

  /** This PoP's id. */
  public String id() {
    return topology.node(index).id();
  }

  /** This configuration with another admin access (a token read from a file or flag). */
  public PopConfig withAdminAccess(AdminAccess access) {
    return new PopConfig(
        topology, index, dns, dnsThreads, proxy, loop, plan, state, admin, access, drl);
  }
}
