package dev.alm.pop;

import dev.alm.dns.DnsConfig;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.loop.LoopConfig;
import dev.alm.proxy.ProxyConfig;

/**
 * Which of a PoP's settings a reload applies live and which need a restart (docs/pop/reload.md,
 * "Reload"). Pure: configurations in, a configuration out.
 *
 * <p>Live, replaced at once or at the next interval:
 *
 * <ul>
 *   <li>the customers;
 *   <li>the loop's tunables: every {@link LoopConfig} field but the algorithm, the interval, the
 *       load unit, the beta source and gamma; the loop keeps its state ({@code LoopState}: x, mu,
 *       the estimates) and steps with the new tunables from its next interval;
 *   <li>the probe plan's floor;
 *   <li>the DNS TTLs (CDN, probe, static, negative);
 *   <li>the proxy's admission ceiling factor and burst.
 * </ul>
 *
 * Live, rotated in place: the probe key ring, the admin tokens (and the gossip key, outside the
 * compared configuration). Everything else needs a restart: the listen addresses and connection
 * caps, the topology and the PoP's id, the algorithm, the interval (the loop's timer), the load
 * unit (the unit of the loop's state), the beta source (what the DNS and proxy count), gamma (one
 * value in the whole fleet, eq. 20), the DNS file's names and answers, the proxy's other limits,
 * logs and content, the drl section.
 */
final class LiveFields {
  private LiveFields() {}

  /**
   * {@code into} with every live part of {@code from}: comparing {@code from} with it finds only
   * the fields that need a restart.
   */
  static PopConfig withLiveOf(PopConfig from, PopConfig into) {
    PopConfig c = withSettingsOf(from, into);
    return c.withProxy(
            c.proxy().toBuilder()
                .probeAuth(c.proxy().probeAuth().withKeys(from.proxy().probeAuth().keys()))
                .adminAccess(from.proxy().adminAccess())
                .build())
        .withAdminAccess(from.adminAccess());
  }

  /**
   * {@code into} with the live settings of {@code from} that a reload replaces (the customers, the
   * loop's tunables, the plan's floor, the DNS TTLs, the admission ceiling and burst); the key
   * rings and admin tokens stay {@code into}'s, as they are rotated in place.
   */
  static PopConfig withSettingsOf(PopConfig from, PopConfig into) {
    LoopConfig l = into.loop();
    BetaEstimatorConfig fb = from.loop().beta();
    LoopConfig loop =
        from.loop().toBuilder()
            .algorithm(l.algorithm())
            .interval(l.interval())
            .loadUnit(l.loadUnit())
            .betaSource(l.betaSource())
            .beta(new BetaEstimatorConfig(l.beta().gamma(), fb.ewmaWeight(), fb.lossRate()))
            .build();
    ProbePlanConfig plan = new ProbePlanConfig(into.plan().gamma(), from.plan().floor());
    DnsConfig fd = from.dns();
    DnsConfig dns =
        into.dns().toBuilder()
            .cdnTtl(fd.cdnTtl())
            .probeTtl(fd.probeTtl())
            .staticTtl(fd.staticTtl())
            .negativeTtl(fd.negativeTtl())
            .build();
    ProxyConfig fp = from.proxy();
    ProxyConfig proxy =
        into.proxy().toBuilder()
            .customers(into.proxy().customers().withCustomers(fp.customers().customers()))
            .ceilingFactor(fp.ceilingFactor())
            .burstSeconds(fp.burstSeconds())
            .build();
    return into.toBuilder().dns(dns).proxy(proxy).loop(loop).plan(plan).build();
  }
}
