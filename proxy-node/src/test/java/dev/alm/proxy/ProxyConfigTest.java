package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.proxy.limit.CustomersConfig;
import org.junit.jupiter.api.Test;

class ProxyConfigTest {

  private static ProxyConfig withCaps(int max, int perClient) {
    return ProxyConfig.builder()
        .limits(HttpLimits.defaults().withConnections(max, perClient))
        .customers(CustomersConfig.builder().build())
        .build();
  }

  @Test
  void cappedLowersBothConnectionCapsAndNeverRaisesThem() {
    ProxyConfig c = withCaps(500, 300);
    ProxyConfig lowered = c.capped(200);
    assertEquals(200, lowered.limits().maxConnections());
    assertEquals(200, lowered.limits().maxConnectionsPerClient());
    assertEquals(c.toBuilder().limits(c.limits().withConnections(200, 200)).build(), lowered);
    ProxyConfig between = c.capped(400);
    assertEquals(400, between.limits().maxConnections());
    assertEquals(300, between.limits().maxConnectionsPerClient());
    assertEquals(c, c.capped(10_000));
    assertEquals(1, c.capped(0).limits().maxConnections());
  }

  @Test
  void withLimitersChangesOnlyTheCustomersN() {
    ProxyConfig c = withCaps(500, 300);
    ProxyConfig n7 = c.withLimiters(7);
    assertEquals(7, n7.customers().limiters());
    assertEquals(c.toBuilder().customers(c.customers().withLimiters(7)).build(), n7);
  }
}
