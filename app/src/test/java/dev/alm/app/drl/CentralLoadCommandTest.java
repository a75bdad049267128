package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.app.CliTest;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code alm drl central-load} small in token-server mode with an outage and fail-closed: a
 * row per second, the outage's seconds answered by the policy. Loose: no rate is checked.
 */
class CentralLoadCommandTest extends CliTest {

  @Test
  void printsARowPerSecondAndCountsThePolicyDuringTheOutage() {
    assertEquals(
        0,
        alm(
            "drl",
            "central-load",
            "--mode",
            "token-server",
            "--policy",
            "closed",
            "--offered",
            "200",
            "--limit",
            "100",
            "--warmup",
            "0",
            "--duration",
            "3",
            "--outage",
            "1:3"));
    String text = out.toString();
    assertTrue(text.contains("store out from 1 s to 3 s"), text);
    for (int s = 0; s < 3; s++) {
      assertTrue(text.contains("\n     " + s + " "), "row " + s + " in\n" + text);
    }
    assertTrue(text.matches("(?s).*policy answers by cause.*"), text);
    assertTrue(
        !text.contains(" 0 timeouts, 0 errors, 0 at once"), "the outage was answered: " + text);
  }

  @Test
  void rejectsABadOutageAndAMissingRedis() {
    assertEquals(1, alm("drl", "central-load", "--outage", "5:2"));
    assertEquals(1, alm("drl", "central-load", "--mode", "redis"));
  }
}
