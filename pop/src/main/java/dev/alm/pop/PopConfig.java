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
    return toBuilder().proxy(p).build();
  }

  /** This configuration with another DNS configuration. */
  public PopConfig withDns(DnsConfig d) {
    return toBuilder().dns(d).build();
  }

  /** This configuration with another loop configuration. */
  public PopConfig withLoop(LoopConfig l) {
    return toBuilder().loop(l).build();
  }

  /**
   * A builder for PoP {@code index} of {@code topology}: one DNS thread, no state file, no admin
   * server (loopback only when one is set), no DRL agent, until set.
   */
  public static Builder builder(
      Topology topology,
      int index,
      DnsConfig dns,
      ProxyConfig proxy,
      LoopConfig loop,
      ProbePlanConfig plan) {
    return new Builder(topology, index).dns(dns).proxy(proxy).loop(loop).plan(plan);
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    return builder(topology, index, dns, proxy, loop, plan)
        .dnsThreads(dnsThreads)
        .state(state)
        .admin(admin)
        .adminAccess(adminAccess)
        .drl(drl);
  }

  /** This PoP's id. */
  public String id() {
    return topology.node(index).id();
  }

  /** This configuration with another admin access (a token read from a file or flag). */
  public PopConfig withAdminAccess(AdminAccess access) {
    return toBuilder().adminAccess(access).build();
  }

  /** Settings of a {@link PopConfig}; {@link #build()} checks them (the record's constructor). */
  public static final class Builder {
    private final Topology topology;
    private final int index;
    private DnsConfig dns;
    private ProxyConfig proxy;
    private LoopConfig loop;
    private ProbePlanConfig plan;
    private int dnsThreads = 1;
    private Path state;
    private HostPort admin;
    private AdminAccess adminAccess = AdminAccess.LOOPBACK_ONLY;
    private DrlConfig drl;

    private Builder(Topology topology, int index) {
      this.topology = topology;
      this.index = index;
    }

    public Builder dns(DnsConfig v) {
      dns = v;
      return this;
    }

    public Builder proxy(ProxyConfig v) {
      proxy = v;
      return this;
    }

    public Builder loop(LoopConfig v) {
      loop = v;
      return this;
    }

    public Builder plan(ProbePlanConfig v) {
      plan = v;
      return this;
    }

    /** DNS event-loop threads; default 1. */
    public Builder dnsThreads(int v) {
      dnsThreads = v;
      return this;
    }

    /** The state file; default none (null): nothing persisted. */
    public Builder state(Path v) {
      state = v;
      return this;
    }

    /** The admin address; default none (null). */
    public Builder admin(HostPort v) {
      admin = v;
      return this;
    }

    /** Who may use the admin server; default loopback only. */
    public Builder adminAccess(AdminAccess v) {
      adminAccess = v;
      return this;
    }

    /** The DRL agent's section; default none (null). */
    public Builder drl(DrlConfig v) {
      drl = v;
      return this;
    }

    public PopConfig build() {
      return new PopConfig(
          topology, index, dns, dnsThreads, proxy, loop, plan, state, admin, adminAccess, drl);
    }
  }
}
