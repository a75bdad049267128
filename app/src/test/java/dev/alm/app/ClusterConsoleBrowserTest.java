package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.app.console.FleetConsole;
import dev.alm.cluster.Cluster;
import dev.alm.cluster.ClusterConfig;
import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.loop.Algorithm;
import dev.alm.node.HostPort;
import dev.alm.pop.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet console of a running cluster ({@code alm cluster --ui}) in headless Chromium: it loads
 * with no console error, draws both PoPs and the topology's C, and every PoP's numbers move within
 * three control intervals. With {@code -Dalm.screenshots=DIR} the page is photographed to
 * DIR/console-fleet.png.
 */
class ClusterConsoleBrowserTest {

  @TempDir Path dir;

  @Test
  void theFleetPageFollowsARunningCluster() throws Exception {
    Chromium.assumeInstalled();
    ClusterConfig c =
        ClusterConfig.builder(BuiltinTopologies.paperFig2())
            .algorithm(Algorithm.DUAL)
            .duration(Duration.ofSeconds(20))
            .loadUnit(60)
            .resolvers(30)
            .cdnTtl(1)
            .beaconRate(120)
            .probeGamma(2)
            .startX(0.5)
            .bodyBytes(16)
            .seed(7)
            .build();
    ClusterFleetView view = ClusterFleetView.of(c);
    try (FleetConsole console =
            FleetConsole.start(new HostPort("127.0.0.1", 0), "alm cluster", view, c.interval());
        Chromium browser = Chromium.start(dir.resolve("profile"))) {
      CompletableFuture<?> run =
          CompletableFuture.runAsync(
              () -> {
                try {
                  Cluster.run(c, view::interval, line -> {});
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      try {
        browser.navigate("http://127.0.0.1:" + console.address().getPort() + "/");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String pops = "[]";
        while (!pops.equals("[\"a\",\"b\"]") && System.nanoTime() < deadline) {
          Thread.sleep(250);
          pops = browser.evaluate("window.almFleetPops ? almFleetPops() : []").toString();
        }
        assertEquals("[\"a\",\"b\"]", pops);
        int before = browser.evaluate("almConsolePoints()").asInt();
        String xBefore =
            browser.evaluate("document.getElementById('summary').textContent").asText();
        Thread.sleep(3 * c.interval().toMillis() + 500);
        assertTrue(browser.evaluate("almConsolePoints()").asInt() >= before + 2, "new intervals");
        String xAfter = browser.evaluate("document.getElementById('summary').textContent").asText();
        assertTrue(!xAfter.equals(xBefore), "numbers moved: " + xBefore + " -> " + xAfter);
        assertTrue(
            browser
                .evaluate("document.getElementById('matrix').textContent")
                .asText()
                .contains("0.90"),
            "C as a heat map");
        byte[] png = browser.screenshot();
        assertTrue(png.length > 1000 && png[1] == 'P');
        String out = System.getProperty("alm.screenshots");
        if (out != null) {
          Files.createDirectories(Path.of(out));
          Files.write(Path.of(out).resolve("console-fleet.png"), png);
        }
        assertEquals(List.of(), browser.errors(), "console errors");
      } finally {
        run.get(60, TimeUnit.SECONDS);
      }
    }
  }
}
