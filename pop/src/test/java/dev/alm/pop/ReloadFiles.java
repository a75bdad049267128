package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A PoP's files in a directory, written and rewritten by reload tests: pop.json, its DNS and proxy
 * files (the proxy's with customers) and a probe key file; and the clients they use: POST /reload,
 * GET /status, plain HTTP/1.1 requests and signed probes.
 */
final class ReloadFiles {
  static final String ZONE = "cdn.example";
  static final String OLD_KEY = "old-probe-key-0123456789abcdef";
  static final String NEW_KEY = "new-probe-key-0123456789abcdef";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

  final Path dir;

  ReloadFiles(Path dir) {
    this.dir = dir;
  }

  Path pop() {
    return dir.resolve("pop.json");
  }

  /** Writes every file: DNS on {@code dnsListen}, customer acme at {@code acmeRate} requests/s. */
  ReloadFiles write(String dnsListen, double acmeRate) throws IOException {
    dns(dnsListen);
    customers(acmeRate);
    key(OLD_KEY);
    Files.writeString(
        pop(),
        """
        {"topology": "builtin:paper-fig2", "dns": "dns.json", "proxy": "proxy.json",
         "loadUnit": 100000, "probeKeyFile": "probe.key", "admin": "127.0.0.1:0"}
        """);
    return this;
  }

  void dns(String listen) throws IOException {
    Files.writeString(
        dir.resolve("dns.json"),
        """
        {"pop": "a", "zone": "cdn.example.", "names": ["www"], "l1": ["192.0.2.1"],
         "l2": ["198.51.100.1"], "listen": "%s", "rrl": {"enabled": false}}
        """
            .formatted(listen));
  }

  void customers(double acmeRate) throws IOException {
    Files.writeString(
        dir.resolve("proxy.json"),
        """
        {"listen": "127.0.0.1:0", "customers": [
          {"name": "acme", "hosts": ["acme.example"], "requestsPerSecond": %s,
           "burstSeconds": 1, "mode": "independent"}]}
        """
            .formatted(acmeRate));
  }

  /** Writes the probe key file: the keys, the current one first. */
  void key(String... keys) throws IOException {
    keyFile("probe.key", keys);
  }

  /** Writes a key file in the directory, mode 600: the keys, the current one first. */
  void keyFile(String name, String... keys) throws IOException {
    Path k = dir.resolve(name);
    Files.writeString(k, String.join("\n", keys) + "\n");
    Files.setPosixFilePermissions(k, PosixFilePermissions.fromString("rw-------"));
  }

  static PopDaemon start(Path popJson, Consumer<String> log) throws Exception {
    PopConfigSource source = PopConfigSource.of(popJson);
    PopDaemon p = PopDaemon.start(source.read(), false, Clocks.SYSTEM, log);
    p.reloadFrom(source);
    return p;
  }

  static HttpResponse<String> postReload(PopDaemon p) throws Exception {
    return postReload(p, null);
  }

  /** POST /reload with the bearer token {@code token} (null: none). */
  static HttpResponse<String> postReload(PopDaemon p, String token) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + p.adminAddress().getPort() + "/reload"))
            .POST(HttpRequest.BodyPublishers.noBody());
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static JsonNode status(PopDaemon p) throws Exception {
    return JSON.readTree(
        HTTP.send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + p.adminAddress().getPort() + "/status"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }

  static double reloads(PopDaemon p, String outcome) {
    return p.registry().get("alm.pop.reloads").tag("outcome", outcome).counter().count();
  }

  /** One request on a fresh connection: the status code. */
  static int get(InetSocketAddress proxy, String host, String path) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(proxy, 2000);
      s.setSoTimeout(2000);
      return request(s.getOutputStream(), new BufferedInputStream(s.getInputStream()), host, path)
          .status();
    }
  }

  /** A response's status and whether the server will close the connection. */
  record Response(int status, boolean close) {}

  /** Sends one keep-alive request and reads its response (Content-Length bodies). */
  static Response request(OutputStream out, InputStream in, String host, String path)
      throws IOException {
    out.write(
        ("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    String statusLine = line(in);
    if (statusLine == null || !statusLine.startsWith("HTTP/1.1 ")) {
      throw new IOException("no response: " + statusLine);
    }
    int status = Integer.parseInt(statusLine.substring(9, 12));
    long length = 0;
    boolean close = false;
    for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Long.parseLong(lower.substring(15).trim());
      } else if (lower.startsWith("connection:") && lower.contains("close")) {
        close = true;
      }
    }
    for (long i = 0; i < length; i++) {
      if (in.read() < 0) {
        throw new IOException("body cut short");
      }
    }
    return new Response(status, close);
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int c = in.read(); c >= 0; c = in.read()) {
      if (c == '\n') {
        String s = b.toString(StandardCharsets.US_ASCII);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
      }
      b.write(c);
    }
    return b.size() == 0 ? null : b.toString(StandardCharsets.US_ASCII);
  }

  private static final AtomicLong NONCES = new AtomicLong(1);

  /** Sends one probe for PoP {@code pop} from {@code origin} signed with {@code key}. */
  static void probe(PopDaemon p, String key, String origin) throws IOException {
    ProbeSigner s = new ProbeSigner(KeyRing.ofText(key), ZONE, 10_000, NONCES::incrementAndGet);
    String name =
        s.relativeTarget(p.config().id(), origin, System.currentTimeMillis()) + "." + ZONE;
    assertEquals(204, get(p.proxyAddress(), name, "/"), "a probe is answered 204");
  }
}
