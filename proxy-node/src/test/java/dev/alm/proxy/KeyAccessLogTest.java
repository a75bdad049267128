package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.proxy.limit.KeyDescriptor;
import dev.alm.proxy.limit.KeyRule;
import dev.alm.proxy.limit.KeyedApi;
import dev.alm.ratelimit.keys.KeyWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key taken from the URL's query never reaches the access log in clear (docs/ratelimit/keys.md):
 * admitted or refused, the logged path carries the key's hash in its place.
 */
class KeyAccessLogTest {

  @Test
  void aQueryKeyIsLoggedAsItsHash(@TempDir Path dir) throws Exception {
    KeyRule rule =
        new KeyRule(
            KeyDescriptor.of("query:api_key"), 1, KeyWindow.parse("1d"), Map.of(), null, 64);
    ProxyConfig cfg = KeyedApi.server(rule).accessLog(dir.resolve("access.csv")).build();
    try (ProxyServer s = ProxyServer.start(cfg);
        HttpTestClient c = new HttpTestClient(s.address())) {
      c.send("api.example", "/v1/items?x=1&api_key=SECRET-123&api_key=OTHER-456");
      assertEquals(200, c.read().status());
      c.send("api.example", "/v1/items?x=1&api_key=SECRET-123&api_key=OTHER-456");
      assertEquals(429, c.read().status(), "the key's limit is 1 a day");
      c.send("other.example", "/v1/items?api_key=NOT-A-CUSTOMER");
      assertEquals(200, c.read().status());
    }
    String log = Files.readString(dir.resolve("access.csv"));
    assertFalse(log.contains("SECRET-123") || log.contains("OTHER-456"), log);
    Pattern hashed =
        Pattern.compile("/v1/items\\?x=1&api_key=~[0-9a-f]{16}&api_key=~[0-9a-f]{16},(200|429),");
    assertEquals(2, hashed.matcher(log).results().count(), log);
    assertTrue(log.contains("api_key=NOT-A-CUSTOMER"), "another host's target as it came: " + log);
  }
}
