package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.drl.agent.CustomerShare;
import dev.alm.drl.agent.DrlConfig;
import dev.alm.io.Clocks;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.LimitMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /customers} at a running PoP is checked and applied as the configuration at start: a
 * central customer is limited through the PoP's central store, or refused in one line when the PoP
 * has none; drl customers the agent cannot share (more than one datagram's 59) are refused in one
 * line; and an agent started with no drl customer (the PoP's only customer is central) takes them
 * by POST.
 */
class PopCustomerUpdatesTest {

  /** A central store that refuses every request and records the customers it is given. */
  static final class RefusingStore implements CentralLimiter {
    final AtomicInteger calls = new AtomicInteger();
    final List<List<String>> given = new CopyOnWriteArrayList<>();

    @Override
    public CompletionStage<Boolean> tryAcquire(String customer, long units) {
      calls.incrementAndGet();
      return CompletableFuture.completedFuture(false);
    }

    @Override
    public void setCustomers(List<CustomerSpec> central) {
      given.add(central.stream().map(CustomerSpec::name).toList());
    }
  }

  static final CustomerSpec LEGACY =
      new CustomerSpec("legacy", List.of("legacy.example"), 10, 0, 1, 0, LimitMode.CENTRAL);

  static final String ACME_DRL_AND_LEGACY_CENTRAL =
      """
      {"customers": [
        {"name": "acme", "hosts": ["acme.example"], "requestsPerSecond": 100, "mode": "drl"},
        {"name": "legacy", "hosts": ["legacy.example"], "requestsPerSecond": 10, "mode": "central"}]}
      """;

  private final HttpClient http =
      HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

  private static PopDaemon start(PopConfig c, CentralLimiter central) throws Exception {
    return PopDaemon.start(c, false, Clocks.SYSTEM, l -> {}, central);
  }

  private HttpResponse<String> post(PopDaemon p, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + p.adminAddress().getPort() + "/customers"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The statuses of {@code n} requests for {@code host} on one connection to the PoP's proxy. */
  private static List<Integer> requests(PopDaemon p, String host, int n) throws Exception {
    List<Integer> out = new ArrayList<>();
    try (PopCustomersTest.Client c = new PopCustomersTest.Client(p.proxyAddress(), host)) {
      for (int i = 0; i < n; i++) {
        out.add(c.get());
      }
    }
    return out;
  }

  @Test
  void aCentralCustomerAddedAtRunTimeAsksTheStoreOrIsRefusedWithoutOne(@TempDir Path dir)
      throws Exception {
    PopConfig lone =
        PopCustomersTest.withCustomers(
            DrlPops.config(
                BuiltinTopologies.resolve("builtin:synthetic?n=2"),
                0,
                null,
                new HostPort("127.0.0.1", 0)));
    try (PopDaemon p = start(lone, null)) {
      HttpResponse<String> r = post(p, ACME_DRL_AND_LEGACY_CENTRAL);
      assertEquals(400, r.statusCode(), r.body());
      assertEquals(
          "POST /customers:customers[1].mode: central needs a central store: start with --redis"
              + " URI or --token-server HOST:PORT",
          r.body().strip());
      assertFalse(r.body().strip().contains("\n"), "one line");
      assertEquals(List.of(), p.proxy().node().customers().table().customers(), "nothing changed");
      assertTrue(requests(p, "legacy.example", 30).stream().allMatch(s -> s == 200));
    }
    RefusingStore store = new RefusingStore();
    try (PopDaemon p = start(lone, store)) {
      HttpResponse<String> r = post(p, ACME_DRL_AND_LEGACY_CENTRAL);
      assertEquals(200, r.statusCode(), r.body());
      assertEquals(List.of("legacy"), store.given.get(store.given.size() - 1));
      List<Integer> s = requests(p, "legacy.example", 5);
      assertEquals(List.of(429, 429, 429, 429, 429), s, "the store decides: it refuses all");
      assertEquals(5, store.calls.get());
      // a drl customer made central: asked of the store too
      HttpResponse<String> switched =
          post(p, ACME_DRL_AND_LEGACY_CENTRAL.replace("\"drl\"", "\"central\""));
      assertEquals(200, switched.statusCode(), switched.body());
      assertEquals(List.of("acme", "legacy"), store.given.get(store.given.size() - 1));
      assertEquals(List.of(429, 429, 429), requests(p, "acme.example", 3));
      assertEquals(8, store.calls.get());
    }
  }

  @Test
  void anAgentStartsWithoutDrlCustomersTakesThemByPostAndRefusesMoreThan59(@TempDir Path dir)
      throws Exception {
    PopConfig two = DrlPops.configs(2, dir, List.of(), new HostPort("127.0.0.1", 0)).get(0);
    DrlConfig d = two.drl();
    // one limiter: the agent is normal on its own and gives this PoP the whole limit
    DrlConfig alone =
        new DrlConfig(
            0,
            1,
            d.listen(),
            d.swim(),
            List.of(),
            d.keyFile(),
            d.interval(),
            d.fanOut(),
            d.lease(),
            d.silence(),
            d.pingIntervalMs(),
            d.gossip(),
            List.of());
    PopConfig c = DrlPops.config(two.topology(), 0, alone, two.admin());
    RefusingStore store = new RefusingStore();
    try (PopDaemon p = start(PopCustomersTest.withCustomers(c, LEGACY), store)) {
      assertEquals(List.of(), p.drl().agent().status().customers(), "no drl customer yet");
      HttpResponse<String> r = post(p, ACME_DRL_AND_LEGACY_CENTRAL);
      assertEquals(200, r.statusCode(), r.body());
      double share = Double.NaN;
      long until = System.nanoTime() + 10_000_000_000L;
      while (System.nanoTime() < until && !(share == 100)) {
        Thread.sleep(50);
        for (CustomerShare s : p.drl().agent().status().customers()) {
          share = s.customer().equals("acme") ? s.share() : share;
        }
      }
      assertEquals(100, share, 1e-9, "a lone PoP's agent gives it the whole limit");
      HttpResponse<String> tooMany = post(p, DrlCustomersJson.of(60));
      assertEquals(400, tooMany.statusCode(), tooMany.body());
      assertEquals(
          "POST /customers: customers: at most 59 customers in mode drl (a receiver keeps counters"
              + " per customer and sender), got 60",
          tooMany.body().strip());
      assertEquals(2, p.proxy().node().customers().table().customers().size(), "nothing changed");
      Thread.sleep(200); // the agent keeps running its intervals with the customers it had
      assertEquals(1, p.drl().agent().status().customers().size());
      assertEquals(200, post(p, DrlCustomersJson.of(59)).statusCode());
      until = System.nanoTime() + 10_000_000_000L;
      while (System.nanoTime() < until && p.drl().agent().status().customers().size() != 59) {
        Thread.sleep(50);
      }
      assertEquals(59, p.drl().agent().status().customers().size());
    }
  }
}
