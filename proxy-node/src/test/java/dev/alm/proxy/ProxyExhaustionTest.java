package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.node.FileDescriptors;
import dev.alm.node.HostPort;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy's listener under the attacks of docs/operations/limits.md, through real sockets: idle
 * connections by the thousand, headers trickled a byte at a time, and a process out of file
 * descriptors. After each, an ordinary request is served and the listener reports itself accepting.
 */
class ProxyExhaustionTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ProxyConfig.Builder base() {
    return ProxyConfig.builder()
        .pop("p1")
        .listen(new HostPort("127.0.0.1", 0))
        .capacity(1e6)
        .ioThreads(1);
  }

  @Test
  void fiveThousandIdleConnectionsFromOneAddressLeaveRoomForEveryoneElse() throws Exception {
    int idle = 5000;
    long limit = FileDescriptors.softLimit();
    assumeTrue(limit < 0 || limit >= 3 * idle, "file-descriptor limit " + limit + " too low");
    List<Socket> held = new ArrayList<>();
    try (ProxyServer s = ProxyServer.start(base().build())) {
      try {
        for (int i = 0; i < idle; i++) {
          Socket c = new Socket();
          held.add(c);
          c.bind(new InetSocketAddress(InetAddress.getByName("127.0.4.1"), 0));
          c.connect(s.address(), 5_000);
        }
        long t0 = System.nanoTime();
        assertEquals(200, get(s.address()));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "served promptly");
        assertTrue(s.accepting());
        var g = s.listenerHealth().guard();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (g.refusedClientCap() < idle - HttpLimits.DEFAULT_MAX_CONNECTIONS_PER_CLIENT
            && System.nanoTime() < deadline) {
          Thread.sleep(20);
        }
        assertEquals(idle - HttpLimits.DEFAULT_MAX_CONNECTIONS_PER_CLIENT, g.refusedClientCap());
      } finally {
        for (Socket c : held) {
          c.close();
        }
      }
    }
  }

  @Test
  void aHeaderTrickledByteByByteIsCutAtTheDeadline() throws Exception {
    ProxyConfig cfg =
        base().limits(HttpLimits.defaults().withHeaderDeadline(Duration.ofMillis(500))).build();
    try (ProxyServer s = ProxyServer.start(cfg);
        Socket c = new Socket(s.address().getAddress(), s.address().getPort())) {
      c.setSoTimeout(100);
      c.getOutputStream().write("GET / HTTP/1.1\r\nHost: cdn.example\r\n".getBytes());
      long t0 = System.nanoTime();
      boolean closed = false;
      while (!closed && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20)) {
        try {
          c.getOutputStream().write('X');
          closed = c.getInputStream().read() == -1;
        } catch (SocketTimeoutException e) {
          // still open: keep trickling
        } catch (IOException e) {
          closed = true;
        }
      }
      assertTrue(closed, "closed while still trickling");
      assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(400), "not before");
      assertEquals(1, s.listenerHealth().deadlineClosed());
      assertEquals(200, get(s.address()), "the next client is served");
    }
  }

  @Test
  void aProcessOutOfFileDescriptorsKeepsAccepting(@TempDir Path tmp) throws Exception {
    Path childErr = tmp.resolve("child.err");
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/prlimit")), "prlimit (util-linux) missing");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                "/usr/bin/prlimit",
                "--nofile=400:400",
                java,
                "-cp",
                System.getProperty("java.class.path"),
                ProxyChild.class.getName(),
                "10000",
                "10000",
                "60") // every descriptor held but 60: the flood exhausts them whatever the JVM
            // holds
            .redirectError(childErr.toFile())
            .start();
    List<Socket> flood = new ArrayList<>();
    try {
      String[] ports =
          new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))
              .readLine()
              .trim()
              .split(" ");
      InetSocketAddress at = new InetSocketAddress("127.0.0.1", Integer.parseInt(ports[0]));
      InetSocketAddress admin = new InetSocketAddress("127.0.0.1", Integer.parseInt(ports[1]));
      // a live proxy has served before it is flooded: its request path is loaded (run from
      // class directories, loading a class later would itself need a descriptor)
      assertEquals(200, get(at));
      body(admin, "/status");
      for (int i = 0; i < 1000; i++) {
        Socket c = new Socket();
        flood.add(c);
        c.connect(at, 5_000); // completes in the kernel's backlog even when accept fails
      }
      Thread.sleep(1_000); // the child runs out of descriptors while accepting these
      for (Socket c : flood) {
        c.close();
      }
      flood.clear();
      long t0 = System.nanoTime();
      int status = 0;
      while (status != 200 && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20)) {
        try {
          status = get(at);
        } catch (IOException e) {
          Thread.sleep(100);
        }
      }
      assertEquals(200, status, () -> "served after the flood; child stderr: " + tail(childErr));
      JsonNode listener = JSON.readTree(body(admin, "/status")).get("listener");
      assertTrue(listener.get("accepting").asBoolean(), listener.toString());
      assertTrue(listener.get("acceptErrors").asLong() > 0, "it did run out: " + listener);
      assertEquals(400, listener.get("fdLimit").asLong(), listener.toString());
    } finally {
      for (Socket c : flood) {
        c.close();
      }
      child.getOutputStream().close();
      if (!child.waitFor(10, TimeUnit.SECONDS)) {
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  private static int get(InetSocketAddress at) throws IOException {
    String r =
        exchange(at, "GET /bytes/3 HTTP/1.1\r\nHost: cdn.example\r\nConnection: close\r\n\r\n");
    return Integer.parseInt(r.substring(9, 12));
  }

  private static String body(InetSocketAddress at, String path) throws IOException {
    String r =
        exchange(at, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    return r.substring(r.indexOf("\r\n\r\n") + 4);
  }

  private static String exchange(InetSocketAddress at, String request) throws IOException {
    try (Socket c = new Socket(at.getAddress(), at.getPort())) {
      c.setSoTimeout(10_000);
      c.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      InputStream in = c.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    }
  }

  private static String tail(Path file) {
    try {
      String s = Files.readString(file);
      return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
    } catch (IOException e) {
      return "(none)";
    }
  }
}
