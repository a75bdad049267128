package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.fastcontrol.ProbeVerifier;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * A PoP's DNS with a probe key hands out signed probe targets over real UDP: each CNAME target
 * verifies at a proxy holding the fleet key, each carries its own nonce, and a query for the target
 * itself is answered L1 without another probe.
 */
class SignedBeaconTest {

  private static final KeyRing FLEET = KeyRing.ofText("fleet-probe-key-0123456789abcdef");
  private static final long NOW = 1_790_000_000_000L;

  private static byte[] query(String name, int id) {
    Message q =
        Message.newQuery(Record.newRecord(Name.fromConstantString(name), Type.A, DClass.IN));
    q.getHeader().setID(id);
    return q.toWire();
  }

  @Test
  void beaconsGetSignedTargetsThatVerifyOnceEach() throws Exception {
    ProbeSigner signer = new ProbeSigner(ProbeAuthConfig.of(FLEET), "cdn.example.");
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().build(),
                new SimpleMeterRegistry(),
                now -> "a",
                signer,
                1,
                new Clocks(System::nanoTime, () -> NOW));
        UdpClient client = new UdpClient(node.address())) {
      List<byte[]> beacons = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        beacons.add(query("b-" + i + ".fc.cdn.example.", i));
      }
      ProbeVerifier proxy = new ProbeVerifier(ProbeAuthConfig.of(FLEET), "cdn.example");
      Set<String> targets = new HashSet<>();
      for (byte[] wire : client.exchange(beacons, 50)) {
        List<Record> answer = UdpClient.parse(wire).getSection(Section.ANSWER);
        CNAMERecord c = (CNAMERecord) answer.get(0);
        String target = c.getTarget().toString(true);
        assertTrue(target.length() <= ProbeSigner.MAX_NAME_CHARS, target);
        ProbeTarget t = ProbeTarget.parseHost(target, "cdn.example");
        assertInstanceOf(ProbeTarget.Signed.class, t, target);
        assertEquals("a", t.name().category());
        assertEquals("7", t.name().origin());
        assertEquals(ProbeVerdict.COUNTED, proxy.check(t, NOW + 1_000), target);
        assertEquals(ProbeVerdict.REPLAYED, proxy.check(t, NOW + 2_000), target);
        assertEquals(TestZones.L1, ((ARecord) answer.get(1)).getAddress().getHostAddress());
        targets.add(target);
      }
      assertTrue(targets.size() >= 190, "one target per beacon: " + targets.size());
      String any = targets.iterator().next();
      List<byte[]> again = client.exchange(List.of(query(any + ".", 7)), 1);
      List<Record> direct = UdpClient.parse(again.get(0)).getSection(Section.ANSWER);
      assertEquals(1, direct.size(), "the target itself: an address, no new probe");
      assertEquals(TestZones.L1, ((ARecord) direct.get(0)).getAddress().getHostAddress());
    }
  }
}
