package dev.alm.pop;

import dev.alm.dns.DnsNode;
import dev.alm.fastcontrol.AnswererStats;
import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.loop.ControlLoop;
import dev.alm.loop.LoopState;
import dev.alm.node.NodeAdmin;
import dev.alm.proxy.ProxyServer;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The PoP's status page ({@code GET /status}, docs/pop/status.md, "Status and metrics"): the loop's
 * state with loads and demand in requests/s, the probes, the echoes, the addresses, the proxy's
 * health, the state file, the customers, the configuration and the admin server, in that order.
 */
final class PopStatus {
  private final PopTick tick;
  private final DnsNode dns;
  private final ProxyServer proxy;
  private final PlannedProbeAnswerer answerer;
  private final StateWrites writes;
  private final PopCustomers customers;
  private final PopReload reload;
  private final NodeAdmin admin;
  private final LongSupplier nanoClock;

  PopStatus(
      PopTick tick,
      DnsNode dns,
      ProxyServer proxy,
      PlannedProbeAnswerer answerer,
      StateWrites writes,
      PopCustomers customers,
      PopReload reload,
      NodeAdmin admin,
      LongSupplier nanoClock) {
    this.tick = tick;
    this.dns = dns;
    this.proxy = proxy;
    this.answerer = answerer;
    this.writes = writes;
    this.customers = customers;
    this.reload = reload;
    this.admin = admin;
    this.nanoClock = nanoClock;
  }

  /**
   * The status now.
   *
   * @param proxyKilled whether a failure drill closed the proxy
   */
  Map<String, Object> map(boolean proxyKilled) {
    LoopState s = tick.state();
    PopConfig config = tick.config();
    ControlLoop loop = tick.loop();
    double unit = config.loop().loadUnit();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("pop", config.id());
    m.put("algorithm", config.loop().algorithm().label());
    m.put("mode", s.mode().label());
    m.put("reason", s.reason());
    m.put("x", s.x());
    // the headroom guard's bound on x when it bound this interval (docs/headroom-guard.md)
    m.put("guardBound", finite(s.guard()));
    m.put("mu", s.mu());
    m.put("beta", s.beta() == null ? null : s.beta().beta());
    m.put("betaStdErr", s.beta() == null ? null : s.beta().stdError());
    m.put("S", finite(s.load() * unit));
    m.put("T", tick.capacityRate());
    m.put("A", finite(s.demand() * unit));
    m.put("loadUnit", unit);
    m.put("intervals", s.intervals());
    m.put("gain", loop.gainScale(s));
    m.put("priceGain", loop.priceGainScale(s));
    m.put("calm", s.calm());
    m.put("intervalSeconds", config.loop().intervalSeconds());
    m.put("probes", probes());
    m.put("sigma", finite(s.estimates().sigma()));
    m.put("curvature", finite(s.estimates().curvature()));
    m.put("stepDivisor", finite(loop.curvature(s)));
    m.put("betaSource", config.loop().betaSource().label());
    if (dns.echoes() != null) {
      m.put("echoes", echoes());
    }
    m.put("probeAuth", config.proxy().probeAuth().enabled() ? "on" : "off");
    m.put("dnsAddress", hostPort(dns.address()));
    m.put("proxyAddress", proxyKilled ? null : hostPort(proxy.address()));
    m.put("proxyUp", !proxyKilled && proxy.accepting());
    m.put("shed", proxyKilled ? null : proxy.node().admission().shed());
    m.put("stateFile", writes.path());
    m.put("stateProblem", writes.problem());
    customers.status(m);
    m.put("config", reload.status());
    Map<String, Object> adminStatus = admin.status();
    if (adminStatus != null) {
      m.put("admin", adminStatus);
    }
    return m;
  }

  private Map<String, Object> probes() {
    AnswererStats a = answerer.stats(nanoClock.getAsLong());
    Map<String, Object> probes = new LinkedHashMap<>();
    probes.put("plannedRate", a.plannedRate());
    probes.put("beaconRate", finite(a.beaconRate()));
    probes.put("deliverable", a.deliverable());
    probes.put("handedOut", a.probes());
    probes.put("weight", dns.probeSigner() == null ? null : (double) dns.probeSigner().weight());
    probes.put("rate", dns.probeSigner() == null ? null : (double) dns.probeSigner().rate());
    return probes;
  }

  private Map<String, Object> echoes() {
    EchoTotals e = dns.echoTotals();
    Map<String, Object> echoes = new LinkedHashMap<>();
    echoes.put("counted", e.count());
    echoes.put("byProxy", dns.echoes().byProxy());
    return echoes;
  }

  private static String hostPort(InetSocketAddress a) {
    return a.getAddress().getHostAddress() + ":" + a.getPort();
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
