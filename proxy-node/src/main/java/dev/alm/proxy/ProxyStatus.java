package dev.alm.proxy;

import dev.alm.fastcontrol.SlidingWindowCounter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The proxy's {@code GET /status} document (docs/proxy-node.md): the load S against T and the
 * ceiling, the probe counts R, requests, admission, probes by category and origin with the
 * refusals, logs, customers and uptime, read from a {@link ProxyNode} at one clock reading.
 */
final class ProxyStatus {
  private ProxyStatus() {}

  static Map<String, Object> of(ProxyNode node, long now) {
    ProxyConfig config = node.config();
    LoadMeter.Reading s = node.meter().read(now);
    ProbeCounter probes = node.probes();
    SlidingWindowCounter.Window r = probes.ownWindow(now);
    AdmissionControl admission = node.admission();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("pop", config.pop());
    m.put("zone", config.zone());
    m.put("S", finite(s.rate()));
    m.put("S_ewma", finite(s.ewma()));
    m.put("T", config.capacity());
    m.put("ceiling", admission.ceiling());
    m.put("R", finite(r.rate()));
    m.put("windowSeconds", node.meter().windowSeconds());
    m.put("probeAuth", node.probeAuth() ? "on" : "off");
    m.put("measure", node.measuring());
    m.put("accessLogging", node.logsAccess());
    m.put("requests", node.requests());
    m.put("admitted", admission.admitted());
    m.put("shed", admission.shed());
    m.put("badRequests", node.badRequests());
    m.put("beacons", node.beacons());
    m.put("agedConnections", node.agedConnections());
    m.put("originErrors", node.originErrors());
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("total", probes.total());
    p.put("own", probes.ownTotal());
    p.put("ownInWindow", r.count());
    p.put("byCategory", probes.byCategory());
    p.put("byOrigin", probes.byOrigin());
    p.put("overflow", probes.overflow());
    p.put("curvatureOverflow", node.curvatureOverflow());
    p.put("refused", node.probeGate().refusedByReason());
    p.put("noncesHeld", node.probeGate().noncesHeld());
    m.put("probes", p);
    m.put("logs", node.logStatus());
    m.put("customers", node.customers().status());
    m.put("uptimeSeconds", node.uptimeSeconds(now));
    return m;
  }

  private static Object finite(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
