package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.AnswererStats;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.fastcontrol.ProbeAnswererConfig;
import dev.alm.fastcontrol.ProbePlan;
import dev.alm.fastcontrol.ProbePlanConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * FastControl's planned answerer in dns-node's beacon hook (paper 004 eq. 19): real DNS answers to
 * beacon queries carry the probe categories in the proportions of the plan.
 */
class BeaconHookTest {

  private static List<byte[]> beacons(int from, int n) {
    List<byte[]> out = new ArrayList<>();
    for (int i = from; i < from + n; i++) {
      Message q =
          Message.newQuery(
              Record.newRecord(
                  Name.fromConstantString("b-" + Integer.toHexString(i) + ".fc.cdn.example."),
                  Type.A,
                  DClass.IN));
      q.getHeader().setID(i & 0xFFFF);
      out.add(q.toWire());
    }
    return out;
  }

  @Test
  void beaconAnswersCarryTheCategoriesOfTheClippedPlan() throws Exception {
    // Rates far above any beacon rate: the plan is clipped, every beacon gets a probe, and
    // categories 'a' and 'b'
    // share them 3:1 whatever the measured beacon rate is.
    ProbePlan plan =
        new ProbePlan(
            "7",
            List.of("a", "b"),
            new double[] {3e6, 1e6},
            List.of(),
            ProbePlanConfig.ofGamma(1.0),
            1.0);
    PlannedProbeAnswerer answerer =
        new PlannedProbeAnswerer(
            plan, new ProbeAnswererConfig(Duration.ofMillis(20), 5), System.nanoTime());
    try (DnsNode node =
            DnsNode.start(TestZones.builder().build(), new SimpleMeterRegistry(), answerer, 1);
        UdpClient client = new UdpClient(node.address())) {
      client.exchange(beacons(0, 50), 50); // warm-up: the beacon rate needs one completed bucket
      Thread.sleep(100);
      Map<String, Integer> categories = new HashMap<>();
      int probes = 0;
      List<byte[]> answers = client.exchange(beacons(1000, 4000), 200);
      for (byte[] wire : answers) {
        Message m = UdpClient.parse(wire);
        List<Record> answer = m.getSection(Section.ANSWER);
        if (answer.get(0) instanceof CNAMERecord c) {
          String target = c.getTarget().toString();
          assertTrue(target.endsWith(".7.fc.cdn.example."), target);
          categories.merge(target.substring(0, target.indexOf('.')), 1, Integer::sum);
          assertEquals(c.getTarget(), answer.get(1).getName());
          assertEquals(TestZones.L1, ((ARecord) answer.get(1)).getAddress().getHostAddress());
          probes++;
        }
      }
      assertTrue(answers.size() >= 3900, "answers " + answers.size());
      assertTrue(
          probes >= 0.95 * answers.size(),
          "a clipped plan gives (almost) every beacon a probe: " + probes);
      double shareA = categories.getOrDefault("a", 0) / (double) probes;
      assertEquals(0.75, shareA, 0.03, "category a's share");
      AnswererStats stats = answerer.stats(System.nanoTime());
      assertTrue(stats.clippedBeacons() >= probes, "clipping is counted: " + stats);
    }
  }
}
