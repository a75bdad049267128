package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.node.HostPort;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * A keep-alive connection past its age limit, through a real socket: the response to its next
 * request says {@code Connection: close}, and the proxy closes it after that response.
 */
class ConnectionAgeTest {

  private static final byte[] GET =
      "GET /bytes/3 HTTP/1.1\r\nHost: cdn.example\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  @Test
  void aConnectionPastItsAgeIsClosedAfterItsNextResponse() throws Exception {
    ProxyConfig cfg =
        ProxyConfig.builder()
            .pop("a")
            .capacity(1000)
            .listen(new HostPort("127.0.0.1", 0))
            .ioThreads(1)
            .limits(HttpLimits.builder().maxConnectionAge(Duration.ofMillis(300)).build())
            .build();
    try (ProxyServer s = ProxyServer.start(cfg);
        Socket c = new Socket(s.address().getAddress(), s.address().getPort())) {
      c.setSoTimeout(10_000);
      c.getOutputStream().write(GET);
      String first = head(c.getInputStream());
      assertFalse(first.contains("connection: close"), first);
      Thread.sleep(400); // past the age limit, whatever the machine's speed
      c.getOutputStream().write(GET);
      String second = head(c.getInputStream());
      assertTrue(second.startsWith("http/1.1 200"), second);
      assertTrue(second.contains("connection: close"), second);
      assertEquals(-1, c.getInputStream().read(), "closed after the response");
      assertEquals(1, s.node().agedConnections());
    }
  }

  /** One response's head, lower-case, and its 3-byte body skipped. */
  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    while (!b.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      int ch = in.read();
      if (ch < 0) {
        throw new IOException("closed in the head: " + b);
      }
      b.write(ch);
    }
    assertEquals(3, in.readNBytes(3).length);
    return b.toString(StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
  }
}
