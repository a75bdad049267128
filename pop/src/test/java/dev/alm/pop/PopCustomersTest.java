package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.drl.agent.CustomerShare;
import dev.alm.io.Clocks;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.LimitMode;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code alm pop} daemons with a {@code drl} section and one customer in their proxies' config:
 * real HTTP requests at each PoP feed its {@link PopLimits} (the agent's demand), the agents divide
 * the customer's limit, and each proxy answers 429 above its share, so that the two PoPs together
 * serve about the limit.
 */
class PopCustomersTest {

  static final String C = "acme";
  static final double L = 100;

  /** A {@code POST /customers} body: acme as configured and beta, 80 requests/s, added. */
  static final String ACME_AND_BETA =
      """
      {"customers": [
        {"name": "acme", "hosts": ["acme.example"], "requestsPerSecond": 100,
         "burstSeconds": 0.2, "mode": "drl"},
        {"name": "beta", "hosts": ["beta.example"], "requestsPerSecond": 80, "mode": "drl"}]}
      """;

  /** A {@code POST /customers} body: beta alone, acme removed. */
  static final String BETA_ONLY =
      """
      {"customers": [
        {"name": "beta", "hosts": ["beta.example"], "requestsPerSecond": 80, "mode": "drl"}]}
      """;

  static final CustomerSpec ACME =
      new CustomerSpec(C, List.of("acme.example"), L, 0, 0.2, 0, LimitMode.DRL);

  /** The PoP with a proxy of ample capacity whose customers are {@code customers}. */
  static PopConfig withCustomers(PopConfig c, CustomerSpec... customers) {
    return c.withProxy(
        c.proxy().toBuilder()
            .capacity(1e5)
            .customers(CustomersConfig.NONE.withCustomers(List.of(customers)))
            .build());
  }

  static PopDaemon start(PopConfig c) throws Exception {
    return PopDaemon.start(c, false, Clocks.SYSTEM, l -> {});
  }

  /**
   * One keep-alive HTTP/1.1 connection at a time, as a browser holds it: a response that says
   * {@code Connection: close} (the proxy's connection age) closes it and the next request opens a
   * new one; returns each response's status.
   */
  static final class Client implements AutoCloseable {
    final InetSocketAddress address;
    Socket socket;
    InputStream in;
    OutputStream out;
    final byte[] request;

    Client(InetSocketAddress a, String host) throws IOException {
      this(a, host, "");
    }

    /** A connection whose requests carry {@code headers} (whole lines, each ending in CRLF). */
    Client(InetSocketAddress a, String host, String headers) throws IOException {
      address = a;
      request =
          ("GET /bytes/1 HTTP/1.1\r\nHost: " + host + "\r\n" + headers + "\r\n")
              .getBytes(StandardCharsets.US_ASCII);
      open();
    }

    private void open() throws IOException {
      socket = new Socket(address.getAddress(), address.getPort());
      socket.setSoTimeout(10_000);
      socket.setTcpNoDelay(true);
      in = new BufferedInputStream(socket.getInputStream());
      out = socket.getOutputStream();
    }

    int get() throws IOException {
      if (socket == null) {
        open();
      }
      out.write(request);
      out.flush();
      String status = line();
      int code = Integer.parseInt(status.split(" ")[1]);
      int length = 0;
      boolean close = false;
      String l;
      while (!(l = line()).isEmpty()) {
        if (l.regionMatches(true, 0, "content-length:", 0, 15)) {
          length = Integer.parseInt(l.substring(15).trim());
        } else if (l.regionMatches(true, 0, "connection:", 0, 11)) {
          close = l.substring(11).trim().equalsIgnoreCase("close");
        }
      }
      in.readNBytes(length);
      if (close) {
        socket.close();
        socket = null;
      }
      return code;
    }

    private String line() throws IOException {
      StringBuilder b = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0 && c != '\n') {
        if (c != '\r') {
          b.append((char) c);
        }
      }
      if (c < 0) {
        throw new IOException("connection closed");
      }
      return b.toString();
    }

    @Override
    public void close() throws IOException {
      if (socket != null) {
        socket.close();
      }
    }
  }

  @Test
  void twoPopsShareOneCustomersLimitFedByRealRequests(@TempDir Path dir) throws Exception {
    double[] demand = {150, 50};
    List<PopDaemon> pops = new ArrayList<>();
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicLongArray served = new AtomicLongArray(2);
    AtomicLongArray rejected = new AtomicLongArray(2);
    List<Thread> clients = new ArrayList<>();
    try {
      for (PopConfig c : DrlPops.configs(2, dir, List.of(), null)) {
        pops.add(start(withCustomers(c, ACME)));
      }
      // each PoP's users: one connection sending at the PoP's demand rate, by elapsed time
      for (int i = 0; i < 2; i++) {
        int pop = i;
        InetSocketAddress a = pops.get(i).proxyAddress();
        Thread th =
            new Thread(
                () -> {
                  try (Client client = new Client(a, "acme.example")) {
                    long start = System.nanoTime();
                    long sent = 0;
                    while (running.get()) {
                      double due = demand[pop] * (System.nanoTime() - start) / 1e9;
                      if (sent >= due) {
                        LockSupport.parkNanos(2_000_000L);
                        continue;
                      }
                      int s = client.get();
                      (s == 200 ? served : rejected).incrementAndGet(pop);
                      sent++;
                    }
                  } catch (IOException e) {
                    if (running.get()) {
                      throw new UncheckedIOException(e);
                    }
                  }
                });
        th.setDaemon(true);
        th.start();
        clients.add(th);
      }
      // converged: both proxies enforce shares proportional to the demands and summing to L
      long end = System.nanoTime() + 25_000_000_000L;
      long holdingSince = Long.MAX_VALUE;
      boolean converged = false;
      double[] share = new double[2];
      while (System.nanoTime() < end && !converged) {
        Thread.sleep(20);
        boolean ok = true;
        double sum = 0;
        for (int i = 0; i < 2; i++) {
          share[i] = pops.get(i).proxy().node().customers().match("acme.example").state().share();
          sum += share[i];
          ok &= Math.abs(share[i] - L * demand[i] / 200) <= 0.15 * L;
        }
        ok &= Math.abs(sum - L) <= 0.1 * L;
        long now = System.nanoTime();
        if (!ok) {
          holdingSince = Long.MAX_VALUE;
        } else if (holdingSince == Long.MAX_VALUE) {
          holdingSince = now;
        }
        converged = now - holdingSince >= 1_000_000_000L;
      }
      assertTrue(converged, "shares " + share[0] + ", " + share[1] + " against L = " + L);
      // the aggregate served over 4 s: about L (loose: a busy machine sends less than asked)
      long s0 = served.get(0) + served.get(1);
      long r0 = rejected.get(0) + rejected.get(1);
      long a0 = served.get(0);
      long o0 = served.get(0) + rejected.get(0);
      long o1 = served.get(1) + rejected.get(1);
      long t0 = System.nanoTime();
      Thread.sleep(4_000);
      double secs = (System.nanoTime() - t0) / 1e9;
      double rate = (served.get(0) + served.get(1) - s0) / secs;
      long newlyRejected = rejected.get(0) + rejected.get(1) - r0;
      double served0 = (served.get(0) - a0) / secs;
      double offered0 = (served.get(0) + rejected.get(0) - o0) / secs;
      double offered1 = (served.get(1) + rejected.get(1) - o1) / secs;
      System.out.printf(
          "two PoPs, one customer limited to %.0f requests/s, demands %.0f and %.0f/s (sent %.1f"
              + " and %.1f/s): shares %.1f and %.1f, served %.1f and %.1f/s, aggregate %.1f/s over"
              + " %.1f s, %d rejected%n",
          L,
          demand[0],
          demand[1],
          offered0,
          offered1,
          share[0],
          share[1],
          served0,
          rate - served0,
          rate,
          secs,
          newlyRejected);
      assertTrue(rate <= 1.3 * L, "served " + rate + "/s against the limit " + L);
      assertTrue(rate >= 0.5 * L, "served " + rate + "/s against the limit " + L);
      assertTrue(newlyRejected > 0, "demand 2 L is partly rejected");
      // the demand over the last control interval, while the users still send
      for (int i = 0; i < 2; i++) {
        double d = pops.get(i).proxy().node().customers().match("acme.example").state().demand();
        assertTrue(d > 0.5 * demand[i] && d < 1.5 * demand[i], "demand " + d + " at " + i);
      }
      running.set(false);
      for (Thread th : clients) {
        th.join(5_000);
      }
      ObjectMapper json = new ObjectMapper();
      for (int i = 0; i < 2; i++) {
        JsonNode c = json.readTree(pops.get(i).statusJson()).get("customers").get(0);
        assertEquals(C, c.get("name").asText());
        assertEquals(L, c.get("limit").asDouble(), 1e-9);
        assertEquals(1, c.get("peers").asInt());
        assertEquals("normal", c.get("mode").asText());
        assertEquals(served.get(i), c.get("served").asLong(), 2, "served at " + i);
        assertTrue(c.get("rejected").asLong() > 0 || i == 1, "rejected at " + i);
      }
      // a customer added at run time is shared by the agents, without a restart
      for (PopDaemon p : pops) {
        p.replaceCustomers(ACME_AND_BETA);
      }
      long until = System.nanoTime() + 15_000_000_000L;
      double betaSum = 0;
      boolean shared = false;
      while (System.nanoTime() < until && !shared) {
        Thread.sleep(50);
        betaSum = 0;
        int heard = 0;
        for (PopDaemon p : pops) {
          for (CustomerShare cs : p.drl().agent().status().customers()) {
            if (cs.customer().equals("beta")) {
              betaSum += cs.share();
              heard++;
            }
          }
        }
        shared = heard == 2 && Math.abs(betaSum - 80) <= 8;
      }
      assertTrue(shared, "both agents share the added customer's 80/s: " + betaSum);
    } finally {
      running.set(false);
      for (Thread th : clients) {
        th.join(5_000);
      }
      for (PopDaemon p : pops) {
        p.close();
      }
    }
  }

  /**
   * {@code POST /customers} through the admin servers of two running PoPs: the added customer's
   * {@code alm_drl_*} gauges are on {@code /metrics} in the POST's wake, without a restart, and
   * report the agents' shares of its limit once they share it; a removed customer's are gone.
   */
  @Test
  void anAddedCustomersDrlGaugesAppearAtOnceAndARemovedOnesGo(@TempDir Path dir) throws Exception {
    HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
    List<PopDaemon> pops = new ArrayList<>();
    try {
      for (PopConfig c : DrlPops.configs(2, dir, List.of(), new HostPort("127.0.0.1", 0))) {
        pops.add(start(withCustomers(c, ACME)));
      }
      String before = metrics(http, pops.get(0));
      assertTrue(drlGauge(before, "share", C), before);
      // the loop's gauges are there beside them, the headroom guard's among them (0 or 1)
      assertTrue(
          Pattern.compile("^alm_pop_guard\\{[^}]*\\} [01]\\.0$", Pattern.MULTILINE)
              .matcher(before)
              .find(),
          before);
      assertFalse(drlGauge(before, "share", "beta"), before);
      for (PopDaemon p : pops) {
        HttpResponse<String> r = post(http, p, "/customers", ACME_AND_BETA);
        assertEquals(200, r.statusCode(), r.body());
      }
      for (PopDaemon p : pops) {
        String added = metrics(http, p);
        assertTrue(drlGauge(added, "share", "beta"), added);
        assertTrue(drlGauge(added, "demand", "beta"), added);
        assertTrue(drlGauge(added, "share", C), added);
      }
      // the gauges read the agents: together the added customer's shares are its 80/s
      long until = System.nanoTime() + 15_000_000_000L;
      double sum = Double.NaN;
      while (System.nanoTime() < until && !(Math.abs(sum - 80) <= 8)) {
        Thread.sleep(50);
        sum = 0;
        for (PopDaemon p : pops) {
          sum += p.registry().get("alm.drl.share").tag("customer", "beta").gauge().value();
        }
      }
      assertEquals(80, sum, 8, "alm_drl_share of the added customer at both PoPs");
      for (PopDaemon p : pops) {
        HttpResponse<String> r = post(http, p, "/customers", BETA_ONLY);
        assertEquals(200, r.statusCode(), r.body());
      }
      for (PopDaemon p : pops) {
        String removed = metrics(http, p);
        assertFalse(drlGauge(removed, "share", C), removed);
        assertFalse(drlGauge(removed, "demand", C), removed);
        assertTrue(drlGauge(removed, "share", "beta"), removed);
        assertTrue(removed.contains("alm_drl_peers"), removed);
      }
      // a bad document changes nothing, gauges included
      HttpResponse<String> bad = post(http, pops.get(0), "/customers", "{\"customers\": 7}");
      assertEquals(400, bad.statusCode(), bad.body());
      assertTrue(drlGauge(metrics(http, pops.get(0)), "share", "beta"));
    } finally {
      for (PopDaemon p : pops) {
        p.close();
      }
    }
  }

  /** Whether the Prometheus text has {@code alm_drl_<name>} for the customer. */
  private static boolean drlGauge(String metrics, String name, String customer) {
    return Pattern.compile(
            "^alm_drl_" + name + "\\{[^}]*customer=\"" + customer + "\"", Pattern.MULTILINE)
        .matcher(metrics)
        .find();
  }

  private static String metrics(HttpClient http, PopDaemon p) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(admin(p, "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    return r.body();
  }

  private static HttpResponse<String> post(HttpClient http, PopDaemon p, String path, String body)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(admin(p, path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static URI admin(PopDaemon p, String path) {
    return URI.create("http://127.0.0.1:" + p.adminAddress().getPort() + path);
  }
}
