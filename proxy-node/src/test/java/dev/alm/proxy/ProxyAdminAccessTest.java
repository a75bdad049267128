package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/**
 * The proxy's admin writes ({@code /measure}, {@code /log}) through real sockets: an outside client
 * cannot switch the meter off, with or without a token configured.
 */
class ProxyAdminAccessTest {
  private static final String TOKEN = "proxy-admin-token-0123";

  private static ProxyConfig.Builder base() {
    return ProxyConfig.builder()
        .listen(new HostPort("127.0.0.1", 0))
        .admin(new HostPort("127.0.0.1", 0))
        .pop("p1")
        .ioThreads(1);
  }

  @Test
  void measureNeedsTheTokenAndASameOriginCaller() throws Exception {
    ProxyConfig cfg = base().adminAccess(AdminAccess.withToken(KeyRing.ofText(TOKEN))).build();
    try (ProxyServer s = ProxyServer.start(cfg)) {
      InetSocketAddress admin = s.adminAddress();
      assertEquals(401, post(admin, "/measure?value=0", ""));
      assertEquals(
          401, post(admin, "/measure?value=0", "Authorization: Bearer nope-nope-nope-nope\r\n"));
      assertTrue(s.node().measuring(), "the meter stays on");
      assertEquals(
          403,
          post(
              admin,
              "/measure?value=0",
              "Authorization: Bearer " + TOKEN + "\r\nOrigin: http://evil.example\r\n"));
      assertTrue(s.node().measuring());
      assertEquals(200, post(admin, "/log?value=0", "Authorization: Bearer " + TOKEN + "\r\n"));
      assertEquals(200, post(admin, "/measure?value=0", "Authorization: Bearer " + TOKEN + "\r\n"));
      assertEquals(false, s.node().measuring());
    }
  }

  @Test
  void withoutATokenACrossOriginPageCannotWrite() throws Exception {
    try (ProxyServer s = ProxyServer.start(base().build())) {
      InetSocketAddress admin = s.adminAddress();
      assertEquals(403, post(admin, "/measure?value=0", "Origin: http://evil.example\r\n"));
      assertTrue(s.node().measuring());
    }
  }

  @Test
  void aPublicAdminAddressWithoutATokenIsRefusedAtConfiguration() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> base().admin(new HostPort("0.0.0.0", 0)).build());
    assertTrue(e.getMessage().startsWith("admin: 0.0.0.0:0 is outside loopback"), e.getMessage());
  }

  /** One request on a connection of its own (refusals close the connection). */
  private static int post(InetSocketAddress admin, String path, String headers) throws Exception {
    try (HttpTestClient c = new HttpTestClient(admin)) {
      c.sendRaw(
          "POST "
              + path
              + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              + headers
              + "Content-Length: 0\r\nConnection: close\r\n\r\n");
      return c.read().status();
    }
  }
}
