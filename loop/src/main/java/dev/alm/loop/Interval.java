package dev.alm.loop;

import dev.alm.fastcontrol.EchoTotals;
import java.util.HashMap;
import java.util.Map;

/**
 * One control interval as the loop sees it: the length of the interval and what the sensors counted
 * during it (the differences of their cumulative counters since the last reading, never negative: a
 * restarted sensor counts from 0 again).
 *
 * @param m the reading at the end of the interval
 * @param dt seconds since the last reading, &gt; 0
 * @param load S_i over the meter's last window in load units; NaN when the meter is stale
 * @param ownProbes own-category probes counted by the proxy (eq. 20)
 * @param allProbes probes of every category counted by the proxy
 * @param queries CDN answers given by the PoP's DNS (A_i, eq. 2)
 * @param echoes price echoes counted by the PoP's DNS
 * @param echoSum the sum of their prices
 * @param echoSquares the sum of their squares
 * @param handedOut probes handed out by the PoP's DNS
 * @param sensitivity the probe weights summed by the proxy (sigma_i times dt)
 * @param curvature the proxy's curvature sum (H_ii dt^2)
 * @param rated CDN answers whose resolver's request rate the DNS measured from its re-query gaps
 * @param curvature the proxy's curvature sum (H_ii dt^2)
 * @param ratedRequests the requests behind those answers
 * @param echoesByProxy the price echoes split by the proxy that answered (count and price sum)
 */
public record Interval(
    Measurement m,
    double dt,
    double load,
    long ownProbes,
    long allProbes,
    long queries,
    long echoes,
    double echoSum,
    double echoSquares,
    long handedOut,
    double sensitivity,
    double curvature,
    long rated,
    double ratedRequests,
    Map<String, EchoTotals.Stratum> echoesByProxy) {

  /** The interval from the reading {@code last} (its counters) to the reading {@code m}. */
  public static Interval between(Measurement last, Measurement m, double loadUnit) {
    EchoTotals e0 = last.echoes();
    EchoTotals e1 = m.echoes();
    return new Interval(
        m,
        (m.nowNanos() - last.nowNanos()) / 1e9,
        m.meterFresh() ? m.load() / loadUnit : Double.NaN,
        Math.max(0, m.ownProbes() - last.ownProbes()),
        Math.max(0, m.allProbes() - last.allProbes()),
        Math.max(0, m.cdnQueries() - last.cdnQueries()),
        Math.max(0, e1.count() - e0.count()),
        Math.max(0, e1.sum() - e0.sum()),
        Math.max(0, e1.squares() - e0.squares()),
        Math.max(0, m.handedOut() - last.handedOut()),
        Math.max(0, m.sensitivity() - last.sensitivity()),
        Math.max(0, m.curvature() - last.curvature()),
        Math.max(0, m.requery().rated() - last.requery().rated()),
        Math.max(0, m.requery().requests() - last.requery().requests()),
        byProxy(e0, e1));
  }

  private static Map<String, EchoTotals.Stratum> byProxy(EchoTotals e0, EchoTotals e1) {
    if (e1.byProxy().isEmpty()) {
      return Map.of();
    }
    Map<String, EchoTotals.Stratum> out = new HashMap<>();
    e1.byProxy().forEach((proxy, now) -> out.put(proxy, now.since(e0.byProxy().get(proxy))));
    return out;
  }

  /** Whether the proxy's meter reported a usable S_i. */
  public boolean meterFresh() {
    return m.meterFresh();
  }
}
