package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Runs {@code alm drl central-load} small in token-server mode with an outage and fail-closed: a
 * row per second, the outage's seconds answered by the policy. Loose: no rate is checked.
 */
class CentralLoadCommandTest {

  private final StringWriter out = new StringWriter();

  private int drl(String... args) {
    CommandLine cl = new CommandLine(new DrlCommand());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(new StringWriter(), true));
    return cl.execute(args);
  }

  @Test
  void printsARowPerSecondAndCountsThePolicyDuringTheOutage() {
    assertEquals(
        0,
        drl(
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
    assertEquals(1, drl("central-load", "--outage", "5:2"));
    assertEquals(1, drl("central-load", "--mode", "redis"));
  }
}
