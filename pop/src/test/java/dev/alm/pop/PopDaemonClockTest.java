package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.RrlConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.io.AtomicFiles;
import dev.alm.io.Clocks;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.LoopState;
import dev.alm.loop.SavedState;
import dev.alm.node.AdminEndpoints;
import dev.alm.node.HostPort;
import dev.alm.proxy.ProxyConfig;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.Name;

/** One PoP on loopback driven by the clocks it is given, not by the system's. */
public class PopDaemonClockTest {

  /** The test PoP with an admin server on a free loopback port. */
  public static PopConfig withAdmin(Path dir) throws Exception {
    PopConfig base = config(dir);
    return base.toBuilder().admin(new HostPort("127.0.0.1", 0)).build();
  }

  static PopConfig config(Path dir) throws Exception {
    Name zone = Name.fromConstantString("cdn.example.");
    DnsConfig dns =
        DnsConfig.builder(zone)
            .pop("a")
            .l1(InetAddress.getByName("192.0.2.1"))
            .l2(InetAddress.getByName("198.51.100.1"))
            .listen(new InetSocketAddress("127.0.0.1", 0))
            .rrl(RrlConfig.OFF)
            .build();
    ProxyConfig proxy =
        ProxyConfig.builder()
            .pop("a")
            .zone("cdn.example")
            .listen(new HostPort("127.0.0.1", 0))
            .ioThreads(1)
            .build();
    PopConfig config =
        PopConfig.builder(
                BuiltinTopologies.paperFig2(),
                0,
                dns,
                proxy,
                LoopConfig.defaults(Algorithm.DUAL),
                ProbePlanConfig.ofGamma(LoopConfig.DEFAULT_PROBE_GAMMA))
            .state(dir.resolve("a.json"))
            .build();
    return config;
  }

  @Test
  void theLoopAndTheStateFileReadTheInjectedClocks(@TempDir Path dir) throws Exception {
    PopConfig config = config(dir);
    AtomicLong nanos = new AtomicLong(7_000_000_000_000L);
    AtomicLong millis = new AtomicLong(1_234_567L);
    try (PopDaemon pop =
        PopDaemon.start(config, false, new Clocks(nanos::get, millis::get), line -> {})) {
      LoopState first = pop.tick();
      assertEquals(7_000_000_000_000L, first.lastNanos(), "the measurement's time");
      assertEquals(0, first.intervals(), "the first reading only sets the baselines");
      nanos.addAndGet(1_000_000_000L);
      millis.addAndGet(1_000L);
      LoopState second = pop.tick();
      assertEquals(7_001_000_000_000L, second.lastNanos());
      assertEquals(1, second.intervals(), "one interval of the injected clock stepped");
      SavedState saved = new StateFile(config.state()).read(new String[1]).orElseThrow();
      assertEquals(1_235_567L, saved.savedAtMillis(), "the state file's wall clock");
    }
  }

  @Test
  void aStateFileOfAnotherPopIsRefusedAndTheSafeStartUsed(@TempDir Path dir) throws Exception {
    PopConfig config = config(dir);
    Files.writeString(
        config.state(),
        "{\"format\":1,\"pop\":\"zz\",\"algorithm\":\"greedy\",\"x\":0.01,\"mu\":1e308,"
            + "\"boost\":1,\"lastSign\":0,\"beta\":-50,\"betaStdErr\":1,\"savedAtMillis\":1234000}");
    Files.writeString(AtomicFiles.temporarySibling(config.state()), "");
    List<String> log = new CopyOnWriteArrayList<>();
    AtomicLong nanos = new AtomicLong(7_000_000_000_000L);
    try (PopDaemon pop =
        PopDaemon.start(config, false, new Clocks(nanos::get, () -> 1_235_000L), log::add)) {
      assertEquals(config.loop().startX(), pop.state().x(), "the configured start, not 0.01");
      assertTrue(pop.state().mu() < StateFile.MAX_MU, "not the file's 1e308");
      assertTrue(
          log.stream().anyMatch(l -> l.contains("refused (written by PoP 'zz'")), log.toString());
      assertTrue(
          log.stream().anyMatch(l -> l.contains("removed a half-written state file")),
          log.toString());
      assertTrue(!Files.exists(AtomicFiles.temporarySibling(config.state())));
      pop.tick();
      String json = AdminEndpoints.json(pop.status());
      assertTrue(!json.contains("Infinity") && !json.contains("NaN"), json);
    }
  }

  @Test
  void readinessFollowsTheProxy(@TempDir Path dir) throws Exception {
    PopConfig base = config(dir);
    PopConfig config = base.toBuilder().admin(new HostPort("127.0.0.1", 0)).build();
    try (PopDaemon pop = PopDaemon.start(config, false, Clocks.SYSTEM, l -> {})) {
      HttpClient http = HttpClient.newHttpClient();
      URI ready = URI.create("http://127.0.0.1:" + pop.adminAddress().getPort() + "/ready");
      HttpResponse<String> up =
          http.send(HttpRequest.newBuilder(ready).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, up.statusCode(), up.body());
      assertEquals(true, pop.status().get("proxyUp"));
      pop.killProxy();
      HttpResponse<String> down =
          http.send(HttpRequest.newBuilder(ready).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(503, down.statusCode());
      assertEquals("proxy down\n", down.body());
      assertEquals(false, pop.status().get("proxyUp"));
    }
  }
}
