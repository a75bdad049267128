package dev.alm.pop;

import dev.alm.dns.DnsNode;
import dev.alm.loop.Measurement;
import dev.alm.proxy.ProxyServer;
import java.util.Map;

/**
 * Reads a {@link Measurement} from an in-process proxy and DNS server: S_i from the proxy's load
 * meter, the probe counters from its probe counter, and the CDN answers from the DNS server's
 * counts of L1 and L2 answers (beacons are counted apart, as probe or beacon answers). A proxy that
 * is closed, or whose meter has no completed bucket, reads as a stale meter (S_i = NaN).
 */
final class PopSensors {
  private final DnsNode dns;
  private volatile ProxyServer proxy;

  PopSensors(DnsNode dns, ProxyServer proxy) {
    this.dns = dns;
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
    return new Measurement(nowNanos, load, own, all, cdnAnswers(dns));
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
