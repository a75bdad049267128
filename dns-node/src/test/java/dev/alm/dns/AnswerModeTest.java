package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.DClass;
import org.xbill.DNS.EDNSOption;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * The CDN answer of paper 004 over real UDP: the L1 share follows x; sticky mode moves only the
 * difference.
 */
class AnswerModeTest {

  private static byte[] query(int id, ClientSubnetOption ecs) {
    Message q =
        Message.newQuery(
            Record.newRecord(Name.fromConstantString("www.cdn.example."), Type.A, DClass.IN));
    q.getHeader().setID(id);
    if (ecs != null) {
      q.addRecord(new OPTRecord(1232, 0, 0, 0, ecs), Section.ADDITIONAL);
    }
    return q.toWire();
  }

  private static boolean isL1(Message m) {
    return ((ARecord) m.getSection(Section.ANSWER).get(0))
        .getAddress()
        .getHostAddress()
        .equals(TestZones.L1);
  }

  @Test
  void randomModeL1ShareOf20000AnswersIsWithinOnePercentOfX() throws Exception {
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().x(0.3).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1);
        UdpClient client = new UdpClient(node.address())) {
      List<byte[]> queries = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) {
        queries.add(query(i & 0xFFFF, null));
      }
      List<byte[]> answers = client.exchange(queries, 200);
      assertTrue(answers.size() >= 19_900, "answers received: " + answers.size());
      long l1 = answers.stream().map(UdpClient::parse).filter(AnswerModeTest::isL1).count();
      double share = (double) l1 / answers.size();
      assertEquals(0.3, share, 0.01, "L1 share " + share);
    }
  }

  @Test
  void stickyModeKeepsEveryL1ResolverWhenXRises() throws Exception {
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().mode(AnswerMode.STICKY).x(0.3).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1);
        UdpClient client = new UdpClient(node.address())) {
      int subnets = 4000;
      Map<Integer, Boolean> before = ask(client, subnets);
      assertEquals(before, ask(client, subnets), "answers are steady while x is steady");
      node.x().set(0.4);
      Map<Integer, Boolean> after = ask(client, subnets);
      assertEquals(subnets, before.size());
      assertEquals(subnets, after.size());
      int kept = 0;
      int moved = 0;
      for (int s = 0; s < subnets; s++) {
        if (before.get(s)) {
          assertTrue(after.get(s), "subnet " + s + " lost L1 when x rose");
          kept++;
        } else if (after.get(s)) {
          moved++;
        }
      }
      assertEquals(0.3, kept / (double) subnets, 0.03);
      assertEquals(0.1, moved / (double) subnets, 0.03);
      assertEquals(after, ask(client, subnets), "answers are steady at the new x");
    }
  }

  @Test
  void stickyModeEchoesTheScopeItHashedOn() throws Exception {
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().mode(AnswerMode.STICKY).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1);
        UdpClient client = new UdpClient(node.address())) {
      ClientSubnetOption ecs = new ClientSubnetOption(32, InetAddress.getByName("203.0.113.77"));
      Message m = UdpClient.parse(client.exchange(List.of(query(1, ecs)), 1).get(0));
      ClientSubnetOption back =
          (ClientSubnetOption) m.getOPT().getOptions(EDNSOption.Code.CLIENT_SUBNET).get(0);
      assertEquals(32, back.getSourcePrefixLength());
      assertEquals(24, back.getScopePrefixLength());
    }
  }

  /** For each subnet 10.(s/256).(s%256).0/24: whether it got L1. */
  private static Map<Integer, Boolean> ask(UdpClient client, int subnets) throws Exception {
    List<byte[]> queries = new ArrayList<>();
    for (int s = 0; s < subnets; s++) {
      InetAddress a = InetAddress.getByAddress(new byte[] {10, (byte) (s >> 8), (byte) s, 0});
      queries.add(query(s, new ClientSubnetOption(24, a)));
    }
    Map<Integer, Boolean> out = new HashMap<>();
    for (byte[] wire : client.exchange(queries, 200)) {
      Message m = UdpClient.parse(wire);
      out.put(m.getHeader().getID(), isL1(m));
    }
    return out;
  }
}
