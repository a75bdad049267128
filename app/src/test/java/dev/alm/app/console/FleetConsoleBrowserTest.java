package dev.alm.app.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.node.HostPort;
import dev.alm.pop.Chromium;
import dev.alm.pop.PopDaemon;
import dev.alm.pop.PopDaemonClockTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet page of {@code alm console} in headless Chromium: pointed at a running PoP's admin
 * address, it loads with no console error, draws the PoP, says C is not available, and moves every
 * interval. With {@code -Dalm.screenshots=DIR} its screenshot goes to DIR/console-fleet.png.
 */
class FleetConsoleBrowserTest {

  @TempDir Path dir;

  @Test
  void theFleetPageShowsEveryPopLive() throws Exception {
    assumeTrue(
        Files.isExecutable(Chromium.BINARY) || System.getenv("CI") != null,
        "chromium not installed (apt-get install chromium)");
    try (PopDaemon pop =
            PopDaemon.start(
                PopDaemonClockTest.withAdmin(dir),
                true,
                System::nanoTime,
                System::currentTimeMillis,
                l -> {});
        FleetConsole console =
            FleetConsole.start(
                new HostPort("127.0.0.1", 0),
                "alm fleet",
                () ->
                    ConsoleCommand.read(
                        HttpClient.newHttpClient(),
                        List.of(
                            URI.create(
                                "http://127.0.0.1:" + pop.adminAddress().getPort() + "/status"))),
                Duration.ofMillis(500));
        Chromium browser = Chromium.start(dir.resolve("profile"))) {
      browser.navigate("http://127.0.0.1:" + console.address().getPort() + "/");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
      int points = 0;
      while (points < 6 && System.nanoTime() < deadline) {
        Thread.sleep(250);
        points = browser.evaluate("window.almConsolePoints ? almConsolePoints() : -1").asInt();
      }
      assertTrue(points >= 6, "updates drawn: " + points);
      assertEquals("[\"a\"]", browser.evaluate("almFleetPops()").toString());
      assertTrue(browser.evaluate("document.querySelectorAll('.uplot').length").asInt() >= 3);
      assertTrue(
          browser
              .evaluate("document.getElementById('matrix').textContent")
              .asText()
              .contains("not available"));
      byte[] png = browser.screenshot();
      assertTrue(png.length > 1000 && png[1] == 'P');
      String out = System.getProperty("alm.screenshots");
      if (out != null) {
        Files.createDirectories(Path.of(out));
        Files.write(Path.of(out).resolve("console-fleet.png"), png);
      }
      assertEquals(List.of(), browser.errors(), "console errors");
    }
  }
}
