package dev.alm.pop;

import dev.alm.dns.DnsNode;
import dev.alm.loop.Measurement;
import dev.alm.proxy.ProxyNode;
import dev.alm.proxy.ProxyServer;
import java.util.function.LongSupplier;

/**
 * Reads a {@link Measurement} from an in-process proxy and DNS server through their typed sensors:
 * S_i ({@link ProxyNode#load()}), the probe counters behind R_i (eq. 20, {@link
 * ProxyNode#probes()}) and the CDN answers behind A_i (eq. 2, {@link DnsNode#cdnAnswers()}: L1 and
 * L2 answers; beacons are counted apart), and the price echoes of its probes ({@link
 * DnsNode#echoTotals()}) with the probes handed out, and the requests behind the CDN answers from
 * the resolvers' re-query gaps ({@link DnsNode#requery()}), the probes' weights and curvature
 * ({@link ProxyNode#sensitivitySum()}, {@link ProxyNode#drainCurvature()}: read once per interval,
 * by the tick alone). A proxy that is closed, whose listener stopped accepting ({@link
 * ProxyServer#accepting()}: users sent to it would time out), or whose meter has no completed
 * bucket, reads as a stale meter (S_i = NaN).
 */
final class PopSensors {
  private final DnsNode dns;
  private final LongSupplier handedOut;
  private volatile ProxyServer proxy;

  /** The curvature sums of every proxy this PoP has had, since start (a restart adds a new one). */
  private double curvature;

  /**
   * @param handedOut the probes the PoP's DNS has handed out since start
   */
  PopSensors(DnsNode dns, ProxyServer proxy, LongSupplier handedOut) {
    this.dns = dns;
    this.proxy = proxy;
    this.handedOut = handedOut;
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
    double sensitivity = 0;
    if (p != null && p.accepting()) {
      ProxyNode node = p.node();
      load = node.load();
      own = node.probes().ownTotal();
      all = node.probes().total();
      sensitivity = node.sensitivitySum();
      curvature += node.drainCurvature();
    }
    return new Measurement(
        nowNanos,
        load,
        own,
        all,
        dns.cdnAnswers(),
        dns.echoTotals(),
        handedOut.getAsLong(),
        sensitivity,
        curvature,
        dns.requery());
  }
}
