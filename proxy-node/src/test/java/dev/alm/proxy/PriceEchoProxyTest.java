package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.alm.fastcontrol.EchoVerdict;
import dev.alm.fastcontrol.EchoVerifier;
import dev.alm.fastcontrol.PriceEcho;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.node.HostPort;
import dev.alm.proxy.fuzz.NettyLeaks;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A proxy with the fleet's probe key answers each counted signed probe with its price echo (header
 * {@code X-Alm-Echo}, docs/fastcontrol.md "Price echo") once its PoP has published a price, and
 * nothing else: no echo for a replay, a forgery, an ordinary request, or before a price exists. The
 * echo verifies at the DNS of the probe's origin with the proxy's price.
 */
class PriceEchoProxyTest {

  /** The resolver every echo of this test comes from (one prefix, far below its allowance). */
  private static final InetAddress RESOLVER = InetAddress.getLoopbackAddress();

  static {
    NettyLeaks.install();
  }

  private static final String ZONE = "cdn.example";
  private static final KeyRing FLEET = KeyRing.ofText("fleet-probe-key-0123456789abcdef");
  private static final long T0 = 1_790_000_000_000L;

  @Test
  void aCountedProbeCarriesThePublishedPriceBackAndNothingElseDoes() throws Exception {
    AtomicLong wall = new AtomicLong(T0);
    ProxyConfig cfg =
        ProxyConfig.builder()
            .listen(new HostPort("127.0.0.1", 0))
            .pop("b")
            .zone(ZONE)
            .capacity(1e6)
            .ioThreads(1)
            .probeAuth(ProbeAuthConfig.of(FLEET))
            .build();
    AtomicLong nonces = new AtomicLong(1);
    ProbeSigner dnsOfA = new ProbeSigner(FLEET, ZONE, 10_000, nonces::incrementAndGet);
    EchoVerifier atA = new EchoVerifier(ProbeAuthConfig.of(FLEET), ZONE, "a", System::nanoTime);
    try (ProxyServer s = ProxyServer.start(cfg, new Clocks(new ManualClock(), wall::get));
        HttpTestClient user = new HttpTestClient(s.address())) {
      String early = dnsOfA.relativeTarget("a", "a", T0) + "." + ZONE;
      HttpTestClient.Response none = user.get(early, "/");
      assertEquals(204, none.status());
      assertNull(none.header(PriceEcho.HEADER), "no price published yet");

      s.node().publishPrice(7.25);
      String probe = dnsOfA.relativeTarget("a", "a", T0) + "." + ZONE;
      HttpTestClient.Response r = user.get(probe, "/");
      assertEquals(204, r.status());
      String echo = r.header(PriceEcho.HEADER);
      assertNotNull(echo);
      String suffix = ".echo." + ZONE;
      String[] labels = echo.substring(0, echo.length() - suffix.length()).split("\\.");
      assertEquals("b", labels[1], echo);
      assertEquals(EchoVerdict.COUNTED, atA.accept(labels, RESOLVER, T0 + 100));
      assertEquals(7.25, atA.totals().sum(), 1e-6);

      assertNull(user.get(probe, "/").header(PriceEcho.HEADER), "a replay gets no echo");
      assertNull(user.get("a.a.fc." + ZONE, "/").header(PriceEcho.HEADER), "unsigned");
      assertNull(user.get("www." + ZONE, "/").header(PriceEcho.HEADER), "ordinary request");
      s.node().publishPrice(Double.NaN);
      assertNull(
          user.get(dnsOfA.relativeTarget("a", "a", T0) + "." + ZONE, "/").header(PriceEcho.HEADER),
          "price withdrawn");
      assertEquals(1, Arrays.stream(EchoVerdict.values()).mapToLong(atA::count).sum());
    }
  }
}
