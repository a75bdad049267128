package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.app.CliTest;
import org.junit.jupiter.api.Test;

/** Runs {@code alm drl central-bench} small, without Redis: a row per mode; no speed is checked. */
class CentralBenchCommandTest extends CliTest {

  @Test
  void printsARowPerModeAndSaysWhyRedisIsMissing() {
    assertEquals(
        0,
        alm(
            "drl",
            "central-bench",
            "--calls",
            "300",
            "--warmup",
            "50",
            "--rounds",
            "3",
            "--timeout",
            "2000"));
    String text = out.toString();
    assertTrue(text.contains("  local "), text);
    assertTrue(text.contains("  token-server "), text);
    assertTrue(text.contains("no redis row"), text);
  }

  @Test
  void rejectsBadCounts() {
    assertEquals(2, alm("drl", "central-bench", "--calls", "5"));
  }
}
