package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Runs {@code alm drl central-bench} small, without Redis: a row per mode; no speed is checked. */
class CentralBenchCommandTest {

  private final StringWriter out = new StringWriter();

  private int drl(String... args) {
    CommandLine cl = new CommandLine(new DrlCommand());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(new StringWriter(), true));
    return cl.execute(args);
  }

  @Test
  void printsARowPerModeAndSaysWhyRedisIsMissing() {
    assertEquals(
        0,
        drl(
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
    assertEquals(2, drl("central-bench", "--calls", "5"));
  }
}
