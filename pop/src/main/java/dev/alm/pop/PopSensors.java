package dev.alm.pop;

import dev.alm.dns.DnsNode;
import dev.alm.fastcontrol.AnswererStats;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.pop.control.Measurement;
import dev.alm.proxy.ProxyServer;
import java.util.Map;

/**
 * Reads a {@link Measurement} from an in-process proxy and DNS server: S_i from the proxy's load meter, the
 * probe counters from its probe counter, and the CDN answers from the DNS server's counts: its L1 and L2
 * answers less the FastControl beacons it answered without a probe (those are counted as L1 too). A proxy
 * that is closed, or whose meter has no completed bucket, reads as a stale meter (S_i = NaN).
 */
final class PopSensors {
  private final DnsNode dns;
  private final PlannedProbeAnswerer answerer;
  private volatile ProxyServer proxy;

  PopSensors(DnsNode dns, PlannedProbeAnswerer answerer, ProxyServer proxy) {
    this.dns = dns;
    this.answerer = answerer;
    this.proxy = proxy;
  }

  /** Forgets the proxy (it was closed): from now on the meter reads stale. */
  void proxyGone() {
    proxy = null;
  }

  Measurement read(long nowNanos) {
    ProxyServer p = proxy;
    double load = Double.NaN;
    long own = 0;
    long all = 0;
    if (p != null) {
      load = p.node().meter().rate(p.node().nanoTime());
      own = p.node().probes().ownTotal();
      all = p.node().probes().total();
    }
    AnswererStats beacons = answerer.stats(nowNanos);
    long plainBeacons = Math.max(0, beacons.beacons() - beacons.probes());
    return new Measurement(nowNanos, load, own, all, Math.max(0, cdnAnswers(dns) - plainBeacons));
  }

  /** DNS answers of kind l1 or l2 so far. */
  @SuppressWarnings("unchecked")
  static long cdnAnswers(DnsNode dns) {
    Object by = dns.status().get("byAnswer");
    if (!(by instanceof Map<?, ?> m)) {
      return 0;
    }
    long n = 0;
    for (String k : new String[] {"l1", "l2"}) {
      Object v = m.get(k);
      if (v instanceof Number num) {
        n += num.longValue();
      }
    }
    return n;
  }
}
