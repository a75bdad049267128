package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.io.Clocks;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The typed sensors the control loop reads: S_i (eq. 1) at the node's own clock, and the probe
 * counts behind R_i (eq. 20).
 */
class ProxySensorsTest {

  @Test
  void loadIsTheRateOfTheLastIntervalAtTheNodesClockAndProbesAreCountedByCategory()
      throws Exception {
    ManualClock clock = new ManualClock();
    ProxyConfig cfg = ProxyConfig.builder().pop("a").controlInterval(Duration.ofSeconds(1)).build();
    try (ProxyNode node = new ProxyNode(cfg, new Clocks(clock, () -> 0L))) {
      assertTrue(Double.isNaN(node.load()), "no completed bucket yet: stale");
      for (int k = 0; k < 30; k++) {
        // within the second bucket (the one the node started in is partial and not read)
        node.recordRequest(clock.start() + 150_000_000L + k * 1_000_000L);
      }
      clock.set(clock.start() + 1_100_000_000L);
      assertEquals(30, node.load(), 1e-9, "30 requests in the last second of the node's clock");
      node.recordProbe(new ProbeName("a", "b"), clock.getAsLong());
      node.recordProbe(new ProbeName("a", "a"), clock.getAsLong());
      node.recordProbe(new ProbeName("b", "a"), clock.getAsLong());
      assertEquals(2, node.probes().ownTotal(), "own category a");
      assertEquals(3, node.probes().total());
    }
  }
}
