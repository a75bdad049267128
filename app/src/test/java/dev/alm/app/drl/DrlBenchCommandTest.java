package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Runs {@code alm drl bench} small: every throttler and the peer get a row; no speed is checked.
 */
class DrlBenchCommandTest {

  private final StringWriter out = new StringWriter();

  private int drl(String... args) {
    CommandLine cl = new CommandLine(new DrlCommand());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(new StringWriter(), true));
    return cl.execute(args);
  }

  @Test
  void printsARowPerThrottlerAndThePeer() {
    assertEquals(
        0,
        drl(
            "bench",
            "--part",
            "decisions,heap",
            "--millis",
            "10",
            "--keys",
            "2000",
            "--many-keys",
            "100"));
    String text = out.toString();
    for (String name : DrlBenchCommand.throttlers().keySet()) {
      assertTrue(text.contains("  " + name + " "), name + " in\n" + text);
      assertTrue(text.contains("table: " + name), name + " heap in\n" + text);
    }
    assertTrue(text.contains("peer: Bucket4j bucket"), text);
    assertTrue(text.contains("peer: Bucket4j LocalBucket"), text);
  }

  @Test
  void rejectsAnUnknownPart() {
    assertEquals(2, drl("bench", "--part", "nope"));
  }
}
