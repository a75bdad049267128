package dev.alm.app.drl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.app.CliTest;
import dev.alm.drl.agent.CustomerLimit;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code alm drl bench} small: every throttler and the peer get a row; no speed is checked.
 */
class DrlBenchCommandTest extends CliTest {

  @Test
  void printsARowPerThrottlerAndThePeer() {
    assertEquals(
        0,
        alm(
            "drl",
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
  void theAgentPartMeasuresEveryAlgorithmWithItsBytesPerCustomer() {
    assertEquals(
        0,
        alm(
            "drl",
            "bench",
            "--part",
            "agent",
            "--millis",
            "10",
            "--agent-pops",
            "3",
            "--agent-customers",
            "2"));
    String text = out.toString();
    for (String alg : CustomerLimit.ALGORITHMS) {
      assertTrue(text.lines().anyMatch(l -> l.startsWith("  " + alg + " ")), alg + " in\n" + text);
    }
  }

  @Test
  void theAgentMeasurementCountsWhatTheAgentsSent() {
    AgentTickCost.Figure f = AgentTickCost.measure("share", 4, 3, 10);
    // table gossip: br = 3 datagrams per agent per interval, each with an entry per customer
    assertEquals(3, f.datagramsPerInterval(), 1e-9);
    assertEquals(9, f.entries(), 1e-9);
    assertTrue(f.bytesPerEntry() > 24 && f.bytesPerEntry() < 200, "bytes per entry " + f);
    assertTrue(f.microsPerInterval() > 0, f.toString());
    // CTB takes its tokens from the token server: no gossip at all
    assertEquals(0, AgentTickCost.measure("ctb", 4, 3, 10).datagramsPerInterval(), 1e-9);
  }

  @Test
  void refusesMoreCustomersThanADatagramCarries() {
    assertEquals(2, alm("drl", "bench", "--part", "agent", "--agent-customers", "60"));
  }

  @Test
  void rejectsAnUnknownPart() {
    assertEquals(2, alm("drl", "bench", "--part", "nope"));
  }
}
