package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.fastcontrol.ProbeToken;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.node.HostPort;
import dev.alm.proxy.fuzz.NettyLeaks;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Authenticated probes through real loopback sockets: a forged flood (wrong MAC, no MAC, expired,
 * malformed, replays of a valid name) changes no count and each is counted by its reason; a valid
 * probe counts once however often it is replayed; one client address cannot have more than its
 * allowance counted, and its flood does not use up another address's allowance.
 */
class ProbeAuthServerTest {

  static {
    NettyLeaks.install();
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ZONE = "cdn.example";
  private static final KeyRing FLEET = KeyRing.ofText("fleet-probe-key-0123456789abcdef");
  private static final KeyRing FORGER = KeyRing.ofText("guessed-probe-key-0123456789abcd");
  private static final long T0 = 1_790_000_000_000L;

  private static String probe(ProbeSigner s, long nowMillis) {
    return s.relativeTarget("b", "a", nowMillis) + "." + ZONE;
  }

  /** Proxy b of zone ZONE on loopback ports of its own (HTTP and admin). */
  private static ProxyConfig.Builder proxyB() {
    return ProxyConfig.builder()
        .listen(new HostPort("127.0.0.1", 0))
        .admin(new HostPort("127.0.0.1", 0))
        .pop("b")
        .zone(ZONE)
        // the tests move the proxy's clock by seconds on one connection: no connection age
        .limits(HttpLimits.builder().maxConnectionAge(java.time.Duration.ZERO).build());
  }

  @Test
  void aForgedFloodChangesNoCountAndEachIsRefusedByReason() throws Exception {
    ManualClock clock = new ManualClock();
    AtomicLong wall = new AtomicLong(T0);
    ProxyConfig cfg =
        proxyB()
            .capacity(1e6)
            .ioThreads(2)
            .probeAuth(ProbeAuthConfig.of(FLEET).withClientLimit(5, 50))
            .build();
    AtomicLong nonces = new AtomicLong(1);
    ProbeSigner fleet = new ProbeSigner(FLEET, ZONE, 10_000, nonces::incrementAndGet);
    ProbeSigner forger = new ProbeSigner(FORGER, ZONE, 10_000, nonces::incrementAndGet);
    // the issuer's kappa per probe and its hand-out rate: the proxy sums the counted ones
    fleet.publishWeight(0.25, 100);
    forger.publishWeight(1000, 1);
    try (ProxyServer s = ProxyServer.start(cfg, new Clocks(clock, wall::get));
        HttpTestClient user = new HttpTestClient(s.address(), InetAddress.getByName("127.0.0.2"));
        HttpTestClient attacker =
            new HttpTestClient(s.address(), InetAddress.getByName("127.0.0.3"));
        HttpTestClient admin = new HttpTestClient(s.adminAddress())) {
      ProxyNode node = s.node();
      // the user: 30 valid probes, one of them later replayed
      String replayed = probe(fleet, wall.get());
      assertEquals(204, user.get(replayed, "/").status());
      for (int i = 1; i < 30; i++) {
        assertEquals(204, user.get(probe(fleet, wall.get()), "/").status());
      }
      assertEquals(30, node.probes().ownTotal());
      // the attacker, every request answered as a probe is
      String expired = probe(fleet, wall.get() - 60_000);
      for (int i = 0; i < 200; i++) {
        assertEquals(204, attacker.get(probe(forger, wall.get()), "/").status());
        assertEquals(204, attacker.get("b.a.fc." + ZONE, "/").status());
      }
      for (int i = 0; i < 100; i++) {
        assertEquals(204, attacker.get(expired, "/").status());
        assertEquals(204, attacker.get(replayed, "/").status());
        assertEquals(204, attacker.get("x" + i + ".b.a.fc." + ZONE, "/").status());
      }
      for (int i = 0; i < 50; i++) { // the path form of a forged and a replayed probe
        String token = probe(forger, wall.get()).substring(0, ProbeToken.LABEL_CHARS);
        assertEquals(204, attacker.get(ZONE, "/_alm/fc/b/a/" + token).status());
        assertEquals(
            204,
            attacker
                .get(ZONE, "/_alm/fc/b/a/" + replayed.substring(0, ProbeToken.LABEL_CHARS))
                .status());
      }
      assertEquals(30, node.probes().ownTotal(), "the flood changed no count");
      assertEquals(30, node.probes().total());
      assertEquals(30, node.probes().count("b", "a"));
      assertEquals(30 * 0.25, node.sensitivitySum(), 1e-9, "only counted probes carry weight");
      // 30 probes of origin a, each w / h = 0.0025: (30 - 1) x 30 x 0.0025; forged ones add nothing
      assertEquals(29 * 30 * 0.25 / 100, node.drainCurvature(), 1e-9);
      assertEquals(0, node.drainCurvature(), "a drain starts a new window");
      assertEquals(250, node.probesRefused(ProbeVerdict.BAD_MAC));
      assertEquals(200, node.probesRefused(ProbeVerdict.UNSIGNED));
      assertEquals(100, node.probesRefused(ProbeVerdict.EXPIRED));
      assertEquals(150, node.probesRefused(ProbeVerdict.REPLAYED));
      assertEquals(100, node.probesRefused(ProbeVerdict.MALFORMED));
      assertEquals(0, node.probesRefused(ProbeVerdict.OVER_CLIENT_CAP));
      assertEquals(0, node.requests(), "refused probes are no requests either");

      // a burst of 60 valid probes from one address: its allowance (burst 50 minus the 30 above,
      // plus what refilled) counts, the rest is refused; the attacker's flood used none of it
      int counted = 0;
      for (int i = 0; i < 60; i++) {
        user.get(probe(fleet, wall.get()), "/");
      }
      counted = (int) (node.probes().ownTotal() - 30);
      long capped = node.probesRefused(ProbeVerdict.OVER_CLIENT_CAP);
      assertEquals(60, counted + capped);
      assertTrue(counted >= 20 && counted <= 21, "counted " + counted); // 20 left + refill
      // another address has its own allowance
      try (HttpTestClient other =
          new HttpTestClient(s.address(), InetAddress.getByName("127.0.0.4"))) {
        for (int i = 0; i < 10; i++) {
          assertEquals(204, other.get(probe(fleet, wall.get()), "/").status());
        }
      }
      assertEquals(30 + counted + 10, node.probes().ownTotal());
      // ten seconds later the user's bucket has refilled by 50 (5/s)
      clock.advance(10 * ManualClock.SECOND);
      wall.addAndGet(10_000);
      for (int i = 0; i < 50; i++) {
        user.get(probe(fleet, wall.get()), "/");
      }
      assertEquals(capped, node.probesRefused(ProbeVerdict.OVER_CLIENT_CAP), "all 50 counted");

      JsonNode status = JSON.readTree(admin.get("localhost", "/status").body());
      assertEquals("on", status.get("probeAuth").asText());
      JsonNode refused = status.get("probes").get("refused");
      assertEquals(250, refused.get("bad-mac").asLong());
      assertEquals(150, refused.get("replayed").asLong());
      assertEquals(capped, refused.get("over-client-cap").asLong());
      String metrics = admin.get("localhost", "/metrics").text();
      assertTrue(
          metrics.contains("alm_proxy_probes_refused_total{pop=\"b\",reason=\"unsigned\"} 200.0"),
          metrics);
      assertTrue(metrics.contains("alm_proxy_probe_auth{pop=\"b\"} 1.0"), metrics);
    }
    assertEquals(List.of(), NettyLeaks.leaks());
  }

  @Test
  void withoutAKeyUnsignedProbesCountAsBeforeAndStatusSaysSo() throws Exception {
    ManualClock clock = new ManualClock();
    ProxyConfig cfg = proxyB().ioThreads(1).build();
    try (ProxyServer s = ProxyServer.start(cfg, new Clocks(clock, () -> T0));
        HttpTestClient c = new HttpTestClient(s.address());
        HttpTestClient admin = new HttpTestClient(s.adminAddress())) {
      for (int i = 0; i < 10; i++) {
        assertEquals(204, c.get("b.a.fc." + ZONE, "/").status());
      }
      assertEquals(10, s.node().probes().ownTotal());
      JsonNode status = JSON.readTree(admin.get("localhost", "/status").body());
      assertEquals("off", status.get("probeAuth").asText());
    }
  }
}
