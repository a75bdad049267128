package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.Clocks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PoP's console in a real browser: headless Chromium loads the page from a running PoP (its loop
 * ticking every second), reports no console error or exception, draws new points every control
 * interval, and is photographed. With {@code -Dalm.screenshots=DIR} the screenshot is written to
 * DIR/console-pop.png (docs/figures takes it from there).
 */
class PopConsoleBrowserTest {

  @TempDir Path dir;

  @Test
  void thePageLoadsWithoutErrorsAndItsNumbersMoveEveryInterval() throws Exception {
    Chromium.assumeInstalled();
    PopConfig config = PopDaemonClockTest.withAdmin(dir);
    try (PopDaemon pop = PopDaemon.start(config, true, Clocks.SYSTEM, l -> {});
        Chromium browser = Chromium.start(dir.resolve("profile"))) {
      browser.navigate("http://127.0.0.1:" + pop.adminAddress().getPort() + "/");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
      int points = 0;
      while (points < 4 && System.nanoTime() < deadline) {
        Thread.sleep(250);
        points = browser.evaluate("window.almConsolePoints ? almConsolePoints() : -1").asInt();
      }
      assertTrue(points >= 4, "updates drawn: " + points);
      int before = points;
      long intervals = 0;
      deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (points < before + 3 && System.nanoTime() < deadline) {
        Thread.sleep(250);
        points = browser.evaluate("almConsolePoints()").asInt();
      }
      assertTrue(points >= before + 3, "three more intervals drawn: " + before + " -> " + points);
      assertTrue(
          browser.evaluate("document.querySelectorAll('.uplot').length").asInt() >= 6,
          "every chart drawn");
      assertEquals(
          "live", browser.evaluate("document.getElementById('state').textContent").asText());
      String summary = browser.evaluate("almConsoleSummary()").asText();
      assertTrue(
          summary.contains("guardnot binding") || summary.contains("guardx ≤"),
          "the headroom guard's state is shown: " + summary);
      byte[] png = browser.screenshot();
      assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G');
      Files.write(dir.resolve("console-pop.png"), png);
      String out = System.getProperty("alm.screenshots");
      if (out != null) {
        Files.createDirectories(Path.of(out));
        Files.write(Path.of(out).resolve("console-pop.png"), png);
      }
      assertEquals(List.of(), browser.errors(), "console errors");
    }
  }
}
