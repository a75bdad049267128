package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeVerdict;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The Micrometer binding of a {@link ProxyNode}: every meter reads the node's own lock-free
 * counters when scraped, so the request path never touches Micrometer. Names are prefixed {@code
 * alm_proxy_} in Prometheus.
 */
public final class ProxyMetrics {

  private ProxyMetrics() {}

  /** Registers the node's meters, tagged with its PoP id. */
  public static void bind(ProxyNode node, MeterRegistry registry) {
    String pop = node.config().pop();
    FunctionCounter.builder("alm.proxy.requests", node, ProxyNode::requests)
        .tag("pop", pop)
        .description("Ordinary HTTP requests received (probes excluded)")
        .register(registry);
    FunctionCounter.builder("alm.proxy.admitted", node, n -> n.admission().admitted())
        .tag("pop", pop)
        .description("Requests admitted")
        .register(registry);
    FunctionCounter.builder("alm.proxy.shed", node, n -> n.admission().shed())
        .tag("pop", pop)
        .description("Requests shed with 503 above the ceiling")
        .register(registry);
    FunctionCounter.builder("alm.proxy.beacons", node, ProxyNode::beacons)
        .tag("pop", pop)
        .description("Correlation beacons' fetches, answered at once and never counted in S_i")
        .register(registry);
    FunctionCounter.builder("alm.proxy.aged.connections", node, ProxyNode::agedConnections)
        .tag("pop", pop)
        .description(
            "Keep-alive connections closed for their age, so that their clients look the name up"
                + " again")
        .register(registry);
    FunctionCounter.builder("alm.proxy.bad.requests", node, ProxyNode::badRequests)
        .tag("pop", pop)
        .description(
            "Requests refused as malformed or for breaking the limits (400, 413, 414, 431, 505)")
        .register(registry);
    FunctionCounter.builder("alm.proxy.origin.errors", node, ProxyNode::originErrors)
        .tag("pop", pop)
        .description("Origin failures answered 502 or 504")
        .register(registry);
    FunctionCounter.builder("alm.proxy.probes", node, n -> n.probes().total())
        .tag("pop", pop)
        .description("FastControl probes counted (verified), all categories")
        .register(registry);
    FunctionCounter.builder("alm.proxy.probes.own", node, n -> n.probes().ownTotal())
        .tag("pop", pop)
        .description("FastControl probes of this PoP's own category")
        .register(registry);
    for (ProbeVerdict reason : ProbeVerdict.values()) {
      if (reason != ProbeVerdict.COUNTED) {
        FunctionCounter.builder("alm.proxy.probes.refused", node, n -> n.probesRefused(reason))
            .tag("pop", pop)
            .tag("reason", reason.label())
            .description("FastControl probes answered but not counted, by reason")
            .register(registry);
      }
    }
    Gauge.builder("alm.proxy.probe.auth", node, n -> n.probeAuth() ? 1 : 0)
        .tag("pop", pop)
        .description("1 when probes must carry a valid MAC to count, 0 when authentication is off")
        .register(registry);
    Map<String, ToDoubleFunction<ProxyNode>> dropped =
        Map.of("access", ProxyNode::accessLogDropped, "probe", ProxyNode::probeLogDropped);
    dropped.forEach(
        (log, lines) ->
            FunctionCounter.builder("alm.proxy.log.dropped", node, lines)
                .tag("pop", pop)
                .tag("log", log)
                .description("Log lines dropped because the queue was full")
                .register(registry));
    gauges(node, pop, registry);
  }

  /** The gauges of the node's load, probe rate, capacity and ceiling. */
  private static void gauges(ProxyNode node, String pop, MeterRegistry registry) {
    Gauge.builder("alm.proxy.load", node, n -> n.meter().rate(n.nanoTime()))
        .tag("pop", pop)
        .description("S_i: requests per second over the last control interval")
        .register(registry);
    Gauge.builder("alm.proxy.load.ewma", node, n -> n.meter().read(n.nanoTime()).ewma())
        .tag("pop", pop)
        .description("EWMA of S_i, requests per second")
        .register(registry);
    Gauge.builder("alm.proxy.probe.rate", node, n -> n.probes().ownWindow(n.nanoTime()).rate())
        .tag("pop", pop)
        .description("R_i: own-category probes per second over the last control interval")
        .register(registry);
    Gauge.builder("alm.proxy.capacity", node, n -> n.config().capacity())
        .tag("pop", pop)
        .description("T_i, requests per second")
        .register(registry);
    Gauge.builder("alm.proxy.ceiling", node, n -> n.admission().ceiling())
        .tag("pop", pop)
        .description("Admission ceiling, requests per second")
        .register(registry);
  }
}
