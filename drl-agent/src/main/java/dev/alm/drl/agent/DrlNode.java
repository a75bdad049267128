package dev.alm.drl.agent;

import dev.alm.io.Clocks;
import dev.alm.io.InputException;
import dev.alm.io.KeyRing;
import dev.alm.ratelimit.alloc.Enforcement;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One PoP's agent as a daemon part, built from its {@link DrlConfig}: the key file, a SWIM member,
 * the UDP socket on its own event-loop thread, and the /status section. {@code alm pop} runs one.
 */
public final class DrlNode implements AutoCloseable {

  private final EventLoopGroup group;
  private final DrlAgent agent;
  private final SignedSwimCodec swimCodec;
  private final SwimMembership swim;
  private final KeyRing keys;

  private DrlNode(
      EventLoopGroup group,
      DrlAgent agent,
      SignedSwimCodec swimCodec,
      SwimMembership swim,
      KeyRing keys) {
    this.keys = keys;
    this.group = group;
    this.agent = agent;
    this.swimCodec = swimCodec;
    this.swim = swim;
  }

  /**
   * Takes the keys of {@code next} (the gossip key file read again) in place: the agent's datagrams
   * and the SWIM frames are signed with its current key and verified with its keys from now on.
   */
  public void rotateKeys(KeyRing next) {
    keys.rotate(next);
  }

  /**
   * Starts the agent.
   *
   * @param settings the agent's settings ({@link DrlConfig#settings})
   * @param limits the proxy's enforcement
   * @throws InputException when the key file is missing, unsafe or malformed
   */
  public static DrlNode start(
      DrlConfig config, AgentSettings settings, LocalLimits limits, Clocks clocks)
      throws Exception {
    return start(config, settings, limits, clocks, SwimListenerLimits.DEFAULTS);
  }

  /**
   * Starts the agent with its SWIM listener's caps and deadlines (a PoP lowers the caps to its
   * share of the process's descriptors).
   */
  public static DrlNode start(
      DrlConfig config,
      AgentSettings settings,
      LocalLimits limits,
      Clocks clocks,
      SwimListenerLimits swimLimits)
      throws Exception {
    KeyRing keys = KeyRing.load(config.keyFile(), "drl.keyFile");
    EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("drl-agent", true));
    try {
      long incarnation = clocks.millis();
      AgentCore core = new AgentCore(settings, keys, incarnation, incarnation ^ settings.id());
      SignedSwimCodec codec =
          new SignedSwimCodec(keys, clocks.millisClock(), SignedSwimCodec.DEFAULT_MAX_AGE_MS);
      SwimMembership swim =
          new SwimMembership(
              config.swim().host(),
              config.swim().port(),
              config.seeds(),
              config.pingIntervalMs(),
              3,
              codec,
              swimLimits);
      InetSocketAddress bind =
          new InetSocketAddress(config.listen().host(), config.listen().port());
      DrlAgent agent =
          DrlAgent.start(core, bind, swim, limits, group, clocks.nanoClock(), clocks.millisClock());
      return new DrlNode(group, agent, codec, swim, keys);
    } catch (Exception e) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw e;
    }
  }

  /**
   * Registers the agent's gauges: per customer {@code alm.drl.share}, {@code alm.drl.demand}
   * (units/s); {@code alm.drl.mode} (0 normal, 1 lease, 2 safe), {@code alm.drl.peers}, {@code
   * alm.drl.rejected} per reason, {@code alm.drl.swim.refused} per reason, {@code
   * alm.drl.sent.bytes} (on the wire).
   */
  public void bindMetrics(MeterRegistry registry, List<String> customers) {
    for (String c : customers) {
      bindCustomerMetrics(registry, c);
    }
    Gauge.builder("alm.drl.mode", agent, a -> a.status().mode().ordinal())
        .description("0 normal, 1 lease, 2 safe")
        .register(registry);
    Gauge.builder("alm.drl.peers", agent, a -> a.status().hearing() - 1)
        .description("peers heard within the peer timeout")
        .register(registry);
    for (RejectReason r : RejectReason.values()) {
      Gauge.builder("alm.drl.rejected", agent, a -> a.status().counters().rejected(r))
          .description("gossip datagrams refused since start")
          .tag("reason", r.label())
          .register(registry);
    }
    for (SignedSwimCodec.Refusal r : SignedSwimCodec.Refusal.values()) {
      Gauge.builder("alm.drl.swim.refused", swimCodec, k -> k.refused(r))
          .description("SWIM membership frames refused since start, never deserialised")
          .tag("reason", r.label())
          .register(registry);
    }
    for (String reason : listenerRefusals().keySet()) {
      Gauge.builder("alm.drl.swim.refused", this, n -> n.listenerRefusals().get(reason))
          .description("SWIM connections closed and frames dropped by the listener since start")
          .tag("reason", reason)
          .register(registry);
    }
    Gauge.builder("alm.drl.swim.connections", swim, SwimMembership::openConnections)
        .description("connections open at the SWIM listener")
        .register(registry);
    Gauge.builder("alm.drl.sent.bytes", agent, a -> a.status().counters().wireBytes())
        .description("gossip bytes sent since start, IPv4 and UDP headers included")
        .register(registry);
  }

  /**
   * Registers one customer's gauges, {@code alm.drl.share} and {@code alm.drl.demand} (NaN while
   * the agent does not share the customer), and returns them, so that a customer added at run time
   * gets its gauges at once and a removed one's can be removed from the registry.
   */
  public List<Meter> bindCustomerMetrics(MeterRegistry registry, String customer) {
    return List.of(
        Gauge.builder("alm.drl.share", agent, a -> value(a, customer, true))
            .description("the PoP's share of the customer's global limit, units/s")
            .tag("customer", customer)
            .register(registry),
        Gauge.builder("alm.drl.demand", agent, a -> value(a, customer, false))
            .description("the PoP's EWMA'd demand of the customer, units/s")
            .tag("customer", customer)
            .register(registry));
  }

  private static double value(DrlAgent a, String customer, boolean share) {
    for (CustomerShare s : a.status().customers()) {
      if (s.customer().equals(customer)) {
        return share ? s.share() : s.demand();
      }
    }
    return Double.NaN;
  }

  /** The agent. */
  public DrlAgent agent() {
    return agent;
  }

  /** The agent's state for /status: mode, peers heard, shares and counters. */
  public Map<String, Object> status() {
    AgentStatus s = agent.status();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", s.id());
    m.put("limiters", s.limiters());
    m.put("mode", s.mode().label());
    m.put("peers", s.hearing() - 1);
    List<Map<String, Object>> customers = new ArrayList<>();
    for (CustomerShare c : s.customers()) {
      Map<String, Object> cm = new LinkedHashMap<>();
      cm.put("name", c.customer());
      cm.put("limit", c.limit());
      cm.put("share", c.share());
      cm.put("demand", c.demand());
      cm.put("globalDemand", Double.isFinite(c.globalDemand()) ? c.globalDemand() : null);
      cm.put("mode", c.mode().label());
      cm.put("algorithm", c.algorithm());
      if (c.enforcement() instanceof Enforcement.DropProbability p) {
        cm.put("dropProbability", p.probability());
      }
      customers.add(cm);
    }
    m.put("customers", customers);
    AgentCounters k = s.counters();
    m.put("accepted", k.accepted());
    Map<String, Object> rejected = new LinkedHashMap<>();
    for (RejectReason r : RejectReason.values()) {
      rejected.put(r.label(), k.rejected(r));
    }
    m.put("rejected", rejected);
    Map<String, Object> swimRefused = new LinkedHashMap<>();
    for (SignedSwimCodec.Refusal r : SignedSwimCodec.Refusal.values()) {
      swimRefused.put(r.label(), swimCodec.refused(r));
    }
    swimRefused.putAll(listenerRefusals());
    m.put("swimAccepted", swimCodec.accepted());
    m.put("swimRefused", swimRefused);
    m.put("swimConnections", swim.openConnections());
    m.put("unknownCustomerEntries", k.unknownCustomerEntries());
    m.put("sentDatagrams", k.sentDatagrams());
    m.put("sentWireBytes", k.wireBytes());
    m.put("membership", s.membership());
    m.put("keys", agent.keyStatus());
    return m;
  }

  /**
   * What the SWIM listener refused, by reason: {@code connections} and {@code address} (over a
   * cap), then the {@link SwimListenerStats.Refusal} reasons.
   */
  private Map<String, Long> listenerRefusals() {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("connections", swim.refusedAtCap(false));
    m.put("address", swim.refusedAtCap(true));
    for (SwimListenerStats.Refusal r : SwimListenerStats.Refusal.values()) {
      m.put(r.label(), swim.stats().refused(r));
    }
    return m;
  }

  @Override
  public void close() {
    try {
      agent.close();
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }
}
