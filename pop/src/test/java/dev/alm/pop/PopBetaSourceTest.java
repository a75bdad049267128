package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.loop.BetaSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default beta source {@code auto} (docs/pop/configuration.md): price echoes for a PoP with a
 * probe key, probe counts (said in the log) without one; a keyed PoP signs its sensitivity into its
 * probes once it knows its hand-out rate, and shows sigma_i on its status.
 */
class PopBetaSourceTest {

  private static Map<String, Object> run(PopConfig config, List<String> log) throws Exception {
    assertEquals(BetaSource.AUTO, config.loop().betaSource(), "the configuration's default");
    AtomicLong nanos = new AtomicLong(5_000_000_000_000L);
    try (PopDaemon pop =
        PopDaemon.start(config, false, new Clocks(nanos::get, () -> 1_000L), log::add)) {
      pop.tick();
      nanos.addAndGet(1_000_000_000L);
      pop.tick();
      return pop.status();
    }
  }

  @Test
  void withoutAProbeKeyTheDualCountsProbesAndSaysSo(@TempDir Path dir) throws Exception {
    List<String> log = new CopyOnWriteArrayList<>();
    Map<String, Object> status = run(PopDaemonClockTest.config(dir), log);
    assertEquals("probes", status.get("betaSource"));
    assertTrue(log.stream().anyMatch(l -> l.contains("no probe key")), log.toString());
    assertTrue(status.containsKey("sigma"), status.toString());
    assertNull(status.get("sigma"), "no weighted probe reached the proxy");
    assertNull(status.get("curvature"), "no probe carried a rate");
    assertTrue(((Number) status.get("stepDivisor")).doubleValue() > 0, status.toString());
    double priceGain = ((Number) status.get("priceGain")).doubleValue();
    assertTrue(priceGain > 0 && priceGain <= 1, "the price step's gain multiplier: " + status);
  }

  @Test
  void withAProbeKeyTheDualTakesPriceEchoes(@TempDir Path dir) throws Exception {
    PopConfig base = PopDaemonClockTest.config(dir);
    PopConfig keyed =
        base.withProxy(
            base.proxy().toBuilder()
                .probeAuth(ProbeAuthConfig.of(KeyRing.ofText("fleet-key-0123456789")))
                .build());
    List<String> log = new CopyOnWriteArrayList<>();
    Map<String, Object> status = run(keyed, log);
    assertEquals("echo", status.get("betaSource"));
    assertTrue(log.stream().noneMatch(l -> l.contains("no probe key")), log.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> probes = (Map<String, Object>) status.get("probes");
    assertEquals(0.0, probes.get("weight"), "no probe handed out yet: no hand-out rate, no weight");
  }
}
