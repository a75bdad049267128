package dev.alm.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.cluster.Cluster;
import dev.alm.cluster.ClusterConfig;
import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.io.Clocks;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopState;
import dev.alm.node.HostPort;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopDaemon;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code alm export --from URL,...}: two PoP daemons on loopback, their /status read over real
 * sockets.
 */
class StatusCollectorTest {

  @Test
  void collectsEveryPopsStateFromItsStatusPage() throws Exception {
    ClusterConfig c =
        ClusterConfig.defaults(
            BuiltinTopologies.paperFig2(), Algorithm.DUAL, Duration.ofSeconds(1));
    List<PopDaemon> pops = new ArrayList<>();
    try {
      List<URI> uris = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        PopConfig p = Cluster.popConfig(c, i);
        PopConfig withAdmin = p.toBuilder().state(null).admin(new HostPort("127.0.0.1", 0)).build();
        PopDaemon d = PopDaemon.start(withAdmin, false, Clocks.SYSTEM, line -> {});
        pops.add(d);
        d.tick();
        String a =
            d.adminAddress().getAddress().getHostAddress() + ":" + d.adminAddress().getPort();
        uris.add(StatusCollector.statusUri(i == 0 ? a : "http://" + a + "/"));
      }
      List<Redirection> rows = new StatusCollector(Duration.ofSeconds(5)).collect(uris);
      assertEquals(List.of("a", "b"), rows.stream().map(Redirection::pop).toList());
      for (int i = 0; i < 2; i++) {
        LoopState s = pops.get(i).state();
        Redirection r = rows.get(i);
        assertEquals(s.x(), r.x(), 1e-12);
        assertEquals(s.mu(), r.mu(), 1e-12);
        assertEquals("dual", r.algorithm());
        assertEquals(s.mode().label(), r.mode());
        assertEquals(pops.get(i).capacityRate(), r.capacity(), 1e-9);
        assertNotNull(r.beta(), "the start price gives a beta prior");
        assertEquals(Redirection.REQUESTS_PER_SECOND, r.units());
        assertTrue(r.source().endsWith("/status"), r.source());
      }
    } finally {
      for (PopDaemon d : pops) {
        d.close();
      }
    }
  }

  @Test
  void aPopThatDoesNotAnswerIsNamed() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    URI u = StatusCollector.statusUri("127.0.0.1:" + port);
    IOException e =
        assertThrows(
            IOException.class,
            () -> new StatusCollector(Duration.ofSeconds(2)).collect(List.of(u)));
    assertTrue(
        e.getMessage().startsWith("http://127.0.0.1:" + port + "/status: no answer"),
        e.getMessage());
  }

  @Test
  void addressesBecomeStatusUrls() {
    assertEquals(
        URI.create("http://10.0.0.1:9200/status"), StatusCollector.statusUri("10.0.0.1:9200"));
    assertEquals(URI.create("http://h:1/status"), StatusCollector.statusUri("http://h:1/"));
    assertEquals(
        URI.create("http://h:1/x/status"), StatusCollector.statusUri("http://h:1/x/status"));
    assertThrows(IllegalArgumentException.class, () -> StatusCollector.statusUri(" "));
  }
}
