package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.proxy.limit.KeyDescriptor;
import dev.alm.proxy.limit.KeyRule;
import dev.alm.proxy.limit.KeyedApi;
import dev.alm.ratelimit.keys.KeyWindow;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A named key ({@code overrides}) has its own limit on the request path; other keys the rule's. */
class NamedKeyTest {

  @Test
  void aNamedKeyHasItsOwnLimitAndOtherKeysTheRules() throws Exception {
    KeyRule rule =
        new KeyRule(
            KeyDescriptor.of("header:X-Api-Key"),
            1,
            KeyWindow.parse("1d"),
            Map.of("partner", 3L),
            null,
            64);
    ProxyConfig cfg = KeyedApi.server(rule).build();
    try (ProxyServer s = ProxyServer.start(cfg);
        HttpTestClient c = new HttpTestClient(s.address())) {
      int[] partner = new int[5];
      int[] other = new int[3];
      for (int i = 0; i < partner.length; i++) {
        c.sendRaw("GET / HTTP/1.1\r\nHost: api.example\r\nX-Api-Key: partner\r\n\r\n");
        partner[i] = c.read().status();
      }
      for (int i = 0; i < other.length; i++) {
        c.sendRaw("GET / HTTP/1.1\r\nHost: api.example\r\nX-Api-Key: someone\r\n\r\n");
        other[i] = c.read().status();
      }
      assertEquals("[200, 200, 200, 429, 429]", java.util.Arrays.toString(partner), "named: 3");
      assertEquals("[200, 429, 429]", java.util.Arrays.toString(other), "the rule's 1");
    }
  }
}
