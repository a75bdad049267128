package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.dns.DnsConfig;
import dev.alm.dns.DnsNode;
import dev.alm.dns.RrlConfig;
import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.fastcontrol.RequeryDemand;
import dev.alm.loadgen.DnsClient;
import dev.alm.loadgen.PopUsers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Name;

/**
 * alm cluster's resolver caches ask from addresses of their own, so the PoP's DNS tells them apart
 * and measures the requests behind its answers from their re-query gaps
 * (docs/controllers/live-loop.md, "Demand behind the answers"); from the users' one socket it
 * cannot.
 */
class ResolverAddressesTest {

  private static final Name WWW = Name.fromConstantString("www.cdn.example.");

  @Test
  void eachCacheIsAResolverTheDnsRates() throws Exception {
    DnsConfig config =
        DnsConfig.builder(Name.fromConstantString("cdn.example."))
            .pop("a")
            .l1(InetAddress.getByName("192.0.2.1"))
            .l2(InetAddress.getByName("198.51.100.1"))
            .x(0.5)
            .cdnTtl(1)
            .listen(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0))
            .rrl(RrlConfig.OFF)
            .build();
    try (DnsNode node = DnsNode.start(config, new SimpleMeterRegistry(), ProbeAnswerer.NONE, 1);
        DnsClient users = new DnsClient(node.address(), 1000)) {
      // two caches, each asking again 0.25 s after its 1 s answer expired: 3 gaps each
      for (int round = 0; round < 4; round++) {
        for (int k = 0; k < 2; k++) {
          assertTrue(users.queryFrom(PopUsers.cacheAddress(0, k), WWW) != null, "answered");
        }
        Thread.sleep(1250);
      }
      RequeryDemand.Totals t = node.requery();
      assertEquals(8, t.answers());
      assertTrue(t.rated() >= 4, "both caches rated from their third answer: " + t);
      // about 4 requests/s behind each cache (one per 0.25 s of wait): well above 1 per answer
      assertTrue(t.requests() / t.rated() > 2, "requests per rated answer: " + t);

      // the users' one socket asking five times within a TTL is no single cache: nothing rated
      for (int i = 0; i < 5; i++) {
        users.query(WWW);
      }
      assertEquals(t.rated() + 1, node.requery().rated(), "only its first answer, at the mean");
    }
  }

  @Test
  void cacheAddressesAreOnLoopbackPerPopAndCache() {
    assertEquals("127.64.0.0", PopUsers.cacheAddress(0, 0).getHostAddress());
    assertEquals("127.66.1.44", PopUsers.cacheAddress(2, 300).getHostAddress());
    assertNull(PopUsers.cacheAddress(191, 0), "beyond 191 PoPs the users' one socket");
    assertNull(PopUsers.cacheAddress(0, 1 << 16));
  }
}
