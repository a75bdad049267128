package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.node.HostPort;
import dev.alm.proxy.fuzz.NettyLeaks;
import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.LimitMode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A customer's limit holds in front of a real origin, Debian's nginx, which follows RFC 9112
 * section 3.2.2 (an absolute-form target names the host, whatever the Host header says) and reads a
 * Host up to its first colon: a request the proxy did not count against acme must never be served
 * acme's content. Skipped where nginx is not installed.
 */
class NginxOriginTest {

  static {
    NettyLeaks.install();
  }

  private static final String ADDRESS = "127.0.0.81";
  private static final int ATTACKS = 40;

  /** acme: 0.5 requests/s with a burst of 10 s, 5 requests at once. */
  private static final double RATE = 0.5;

  private static final double BURST_SECONDS = 10;

  @Test
  void absoluteFormTargetsAndStackedPortsAreCountedAgainstTheCustomerTheyReach(@TempDir Path dir)
      throws Exception {
    Path nginx = nginx();
    assumeTrue(nginx != null, "nginx is not installed (apt-get install nginx)");
    int port = freePort();
    try (Nginx origin = Nginx.start(nginx, dir, port)) {
      CustomerSpec acme =
          new CustomerSpec(
              "acme", List.of("acme.example"), RATE, 0, BURST_SECONDS, 0, LimitMode.INDEPENDENT);
      CustomerSpec other =
          new CustomerSpec("other", List.of("other.example"), 1e6, 0, 1, 0, LimitMode.INDEPENDENT);
      ProxyConfig cfg = OriginProxy.config(new HostPort(ADDRESS, port), acme, other);
      try (ProxyServer s = ProxyServer.start(cfg)) {
        long start = System.nanoTime();
        int[] absolute =
            attack(s, "GET http://acme.example/ HTTP/1.1\r\nHost: other.example\r\n\r\n");
        int[] ports = attack(s, "GET / HTTP/1.1\r\nHost: acme.example:80:80\r\n\r\n");
        double seconds = (System.nanoTime() - start) / 1e9;
        CustomerLimiter a = s.node().customers().match("acme.example");
        CustomerLimiter o = s.node().customers().match("other.example");
        String counts =
            String.format(
                "absolute-form [acme, other, refused] %d %d %d; :80:80 %d %d %d;"
                    + " acme served %d rejected %d, other served %d, bad requests %d, %.1f s",
                absolute[0],
                absolute[1],
                absolute[2],
                ports[0],
                ports[1],
                ports[2],
                a.state().served(),
                a.state().rejected(),
                o.state().served(),
                s.node().badRequests(),
                seconds);
        System.out.println("nginx origin: " + counts);
        long acmeBodies = absolute[0] + ports[0];
        assertTrue(acmeBodies <= a.state().served(), "acme served uncounted: " + counts);
        assertTrue(
            a.state().served() <= RATE * BURST_SECONDS + RATE * seconds + 1,
            "over acme's limit: " + counts);
        assertEquals(0, absolute[1] + ports[1], "nothing reached other: " + counts);
        assertEquals(ATTACKS, ports[2], "stacked ports are refused: " + counts);
      }
    }
  }

  /**
   * Sends {@code request} {@link #ATTACKS} times, each on a new connection; returns how many
   * answers carried acme's body, other's body, and how many did not reach nginx (400, 429).
   */
  private static int[] attack(ProxyServer s, String request) throws IOException {
    int[] n = new int[3];
    for (int i = 0; i < ATTACKS; i++) {
      try (HttpTestClient c = new HttpTestClient(s.address())) {
        c.sendRaw(request);
        HttpTestClient.Response r = c.read();
        switch (r.text()) {
          case "acme\n" -> n[0]++;
          case "other\n" -> n[1]++;
          default -> {
            assertTrue(r.status() == 400 || r.status() == 429, r.status() + " " + r.text());
            n[2]++;
          }
        }
      }
    }
    return n;
  }

  private static Path nginx() {
    for (String d : List.of("/usr/sbin", "/usr/local/sbin", "/usr/bin", "/usr/local/bin")) {
      Path p = Path.of(d, "nginx");
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }

  private static int freePort() throws IOException {
    try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getByName(ADDRESS))) {
      return ss.getLocalPort();
    }
  }

  /** nginx as a child process in the foreground, everything it writes under one directory. */
  private static final class Nginx implements AutoCloseable {
    private final Process process;
    private final Path dir;

    private Nginx(Process process, Path dir) {
      this.process = process;
      this.dir = dir;
    }

    static Nginx start(Path binary, Path dir, int port) throws Exception {
      String listen = ADDRESS + ":" + port;
      String conf =
          String.join(
              "\n",
              "daemon off;",
              "master_process off;",
              "worker_processes 1;",
              "pid " + dir.resolve("nginx.pid") + ";",
              "error_log " + dir.resolve("error.log") + " info;",
              "events { worker_connections 256; }",
              "http {",
              "  access_log " + dir.resolve("access.log") + ";",
              "  client_body_temp_path " + dir.resolve("body") + ";",
              "  proxy_temp_path " + dir.resolve("proxy") + ";",
              "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";",
              "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";",
              "  scgi_temp_path " + dir.resolve("scgi") + ";",
              "  default_type text/plain;",
              "  server { listen " + listen + " default_server; return 200 \"default\\n\"; }",
              "  server { listen "
                  + listen
                  + "; server_name acme.example;"
                  + " return 200 \"acme\\n\"; }",
              "  server { listen "
                  + listen
                  + "; server_name other.example;"
                  + " return 200 \"other\\n\"; }",
              "}",
              "");
      Path file = dir.resolve("nginx.conf");
      Files.writeString(file, conf, StandardCharsets.US_ASCII);
      Process p =
          new ProcessBuilder(
                  binary.toString(),
                  "-p",
                  dir.toString(),
                  "-e",
                  dir.resolve("error.log").toString(),
                  "-c",
                  file.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("nginx.out").toFile())
              .start();
      Nginx n = new Nginx(p, dir);
      try {
        n.awaitListening(port);
      } catch (Exception | AssertionError e) {
        n.close();
        throw e;
      }
      return n;
    }

    private void awaitListening(int port) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (true) {
        if (!process.isAlive()) {
          throw new AssertionError("nginx exited " + process.exitValue() + ": " + log());
        }
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(ADDRESS, port), 1000);
          return;
        } catch (IOException e) {
          if (System.nanoTime() > deadline) {
            throw new AssertionError("nginx is not listening after 30 s: " + log());
          }
          Thread.sleep(50);
        }
      }
    }

    private String log() throws IOException {
      Path out = dir.resolve("nginx.out");
      Path err = dir.resolve("error.log");
      return (Files.exists(out) ? Files.readString(out) : "")
          + (Files.exists(err) ? Files.readString(err) : "");
    }

    @Override
    public void close() throws InterruptedException {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    }
  }
}
