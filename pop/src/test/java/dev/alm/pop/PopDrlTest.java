package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.RrlConfig;
import dev.alm.drl.agent.AgentSettings;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.drl.agent.DrlConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.node.HostPort;
import dev.alm.proxy.ProxyConfig;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.Name;

/**
 * Three {@code alm pop} daemons with a {@code drl} section: their agents find each other through
 * SWIM seeds, gossip over authenticated UDP on loopback and divide one customer's limit; demand is
 * counted through each PoP's {@link PopLimits} as the request path would.
 */
class PopDrlTest {

  static final String C = "acme";
  static final double L = 500;

  static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  static PopConfig config(Topology t, int i, DrlConfig drl) throws Exception {
    String id = t.ids().get(i);
    DnsConfig dns =
        DnsConfig.builder(Name.fromConstantString("cdn.example."))
            .pop(id)
            .l1(InetAddress.getByName("192.0.2.1"))
            .l2(InetAddress.getByName("198.51.100.1"))
            .listen(new InetSocketAddress("127.0.0.1", 0))
            .rrl(RrlConfig.OFF)
            .build();
    ProxyConfig proxy =
        ProxyConfig.builder()
            .pop(id)
            .zone("cdn.example")
            .listen(new HostPort("127.0.0.1", 0))
            .ioThreads(1)
            .build();
    return new PopConfig(
        t,
        i,
        dns,
        1,
        proxy,
        LoopConfig.defaults(Algorithm.DUAL),
        ProbePlanConfig.ofGamma(LoopConfig.DEFAULT_PROBE_GAMMA),
        null,
        null,
        drl);
  }

  @Test
  void threePopsDivideOneLimitAndShowItOnStatus(@TempDir Path dir) throws Exception {
    Path key = dir.resolve("gossip.key");
    Files.writeString(key, "pop-gossip-key-0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Topology t = BuiltinTopologies.resolve("builtin:synthetic?n=3");
    int[] swim = {freePort(), freePort(), freePort()};
    double[] demand = {600, 300, 100};
    List<PopDaemon> pops = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        DrlConfig drl =
            new DrlConfig(
                -1,
                0,
                new HostPort("127.0.0.1", 0),
                new HostPort("127.0.0.1", swim[i]),
                i == 0 ? List.of() : List.of("127.0.0.1:" + swim[0]),
                key,
                0.05,
                3,
                2,
                0.5,
                200,
                AgentSettings.GossipMode.TABLE,
                List.of(new CustomerLimit(C, L)));
        pops.add(
            PopDaemon.start(
                config(t, i, drl), false, System::nanoTime, System::currentTimeMillis, l -> {}));
      }
      // the request path: a thread counts arrivals at each PoP's demand rate, by elapsed time so
      // that a stalled thread does not change the rate, until the test ends
      java.util.concurrent.atomic.AtomicBoolean feeding =
          new java.util.concurrent.atomic.AtomicBoolean(true);
      Thread feeder =
          new Thread(
              () -> {
                long last = System.nanoTime();
                double[] owed = new double[3];
                while (feeding.get()) {
                  long now = System.nanoTime();
                  for (int i = 0; i < 3; i++) {
                    owed[i] += demand[i] * (now - last) / 1e9;
                    long whole = (long) owed[i];
                    owed[i] -= whole;
                    pops.get(i).limits().arrived(C, whole);
                  }
                  last = now;
                  java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L);
                }
              });
      feeder.setDaemon(true);
      feeder.start();
      // each PoP serves min(demand, share); converged: proportional shares and the aggregate at
      // L, held for one second
      long end = System.nanoTime() + 20_000_000_000L;
      double served = 0;
      boolean converged = false;
      long holdingSince = Long.MAX_VALUE;
      while (System.nanoTime() < end && !converged) {
        Thread.sleep(10);
        long now = System.nanoTime();
        served = 0;
        boolean proportional = true;
        for (int i = 0; i < 3; i++) {
          double s = pops.get(i).limits().share(C);
          served += Double.isNaN(s) ? 0 : Math.min(demand[i], s);
          proportional &= Math.abs(s - L * demand[i] / 1000) <= 0.05 * L;
        }
        if (!(proportional && Math.abs(served - L) <= 0.05 * L)) {
          holdingSince = Long.MAX_VALUE;
        } else if (holdingSince == Long.MAX_VALUE) {
          holdingSince = now;
        }
        converged = now - holdingSince >= 1_000_000_000L;
      }
      assertTrue(converged, "aggregate served " + served + " against the limit " + L);
      ObjectMapper json = new ObjectMapper();
      for (int i = 0; i < 3; i++) {
        JsonNode drl = json.readTree(pops.get(i).statusJson()).get("drl");
        assertEquals(i, drl.get("id").asInt());
        assertEquals("normal", drl.get("mode").asText());
        assertEquals(2, drl.get("peers").asInt());
        JsonNode c = drl.get("customers").get(0);
        assertEquals(C, c.get("name").asText());
        assertEquals(L, c.get("limit").asDouble(), 1e-9);
        assertEquals(L * demand[i] / 1000, c.get("share").asDouble(), 0.1 * L, "share of " + i);
        assertEquals(0, drl.get("rejected").get("bad-mac").asLong());
        double gauge =
            pops.get(i).registry().get("alm.drl.share").tag("customer", C).gauge().value();
        assertTrue(gauge > 0 && gauge <= L, "alm.drl.share gauge " + gauge);
      }
      feeding.set(false);
    } finally {
      for (PopDaemon p : pops) {
        p.close();
      }
    }
  }
}
