package dev.alm.app.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.dns.DnsConfig;
import dev.alm.dns.DnsDaemon;
import dev.alm.dns.RrlConfig;
import dev.alm.node.HostPort;
import dev.alm.pop.Chromium;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.Name;

/** The console pages of a standalone proxy and DNS server in headless Chromium. */
class DaemonPagesBrowserTest {

  @TempDir Path dir;

  @Test
  void proxyAndDnsPagesLoadAndMove() throws Exception {
    Chromium.assumeInstalled();
    ProxyConfig proxy =
        ProxyConfig.builder()
            .pop("p1")
            .listen(new HostPort("127.0.0.1", 0))
            .admin(new HostPort("127.0.0.1", 0))
            .controlInterval(Duration.ofMillis(500))
            .meterBuckets(5)
            .ioThreads(1)
            .build();
    DnsConfig dns =
        DnsConfig.builder(Name.fromConstantString("cdn.example."))
            .pop("d1")
            .l1(InetAddress.getByName("192.0.2.1"))
            .l2(InetAddress.getByName("198.51.100.1"))
            .listen(new InetSocketAddress("127.0.0.1", 0))
            .rrl(RrlConfig.OFF)
            .build();
    try (ProxyServer p = ProxyServer.start(proxy);
        DnsDaemon d = DnsDaemon.start(dns, 1, new HostPort("127.0.0.1", 0));
        Chromium browser = Chromium.start(dir.resolve("profile"))) {
      for (InetSocketAddress admin : List.of(p.adminAddress(), d.adminAddress())) {
        browser.navigate("http://127.0.0.1:" + admin.getPort() + "/");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int points = 0;
        while (points < 3 && System.nanoTime() < deadline) {
          Thread.sleep(200);
          points = browser.evaluate("window.almConsolePoints ? almConsolePoints() : -1").asInt();
        }
        assertTrue(points >= 3, admin + ": updates drawn " + points);
        assertTrue(browser.evaluate("document.querySelectorAll('.uplot').length").asInt() >= 3);
      }
      assertEquals(List.of(), browser.errors(), "console errors");
    }
  }
}
