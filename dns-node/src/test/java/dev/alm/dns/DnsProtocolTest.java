package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.DClass;
import org.xbill.DNS.EDNSOption;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Header;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Opcode;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * RFC behaviour of the server, checked with dnsjava's SimpleResolver and raw sockets over loopback.
 */
class DnsProtocolTest {
  private static DnsNode node;

  @BeforeAll
  static void start() throws Exception {
    ProbeAnswerer always3 = now -> "3";
    node = DnsNode.start(TestZones.builder().build(), new SimpleMeterRegistry(), always3, 1);
  }

  @AfterAll
  static void stop() throws IOException {
    node.close();
  }

  static SimpleResolver resolver(boolean tcp) {
    SimpleResolver r = new SimpleResolver(node.address());
    r.setTCP(tcp);
    r.setTimeout(Duration.ofSeconds(5));
    return r;
  }

  static Message ask(String name, int type, boolean tcp) throws IOException {
    return resolver(tcp)
        .send(Message.newQuery(Record.newRecord(Name.fromString(name), type, DClass.IN)));
  }

  @Test
  void cdnNameIsAnsweredL1OrL2AuthoritativelyWithTheShortTtl() throws IOException {
    for (boolean tcp : new boolean[] {false, true}) {
      Message m = ask("www.cdn.example.", Type.A, tcp);
      assertEquals(Rcode.NOERROR, m.getRcode());
      assertTrue(m.getHeader().getFlag(Flags.AA));
      List<Record> answer = m.getSection(Section.ANSWER);
      assertEquals(1, answer.size());
      String a = ((ARecord) answer.get(0)).getAddress().getHostAddress();
      assertTrue(Set.of(TestZones.L1, TestZones.L2).contains(a), a);
      assertEquals(20, answer.get(0).getTTL());
    }
    Message v6 = ask("www.cdn.example.", Type.AAAA, false);
    assertEquals(1, v6.getSection(Section.ANSWER).size());
  }

  @Test
  void namesMatchCaseInsensitivelyAndTheQuestionCaseIsKept() throws IOException {
    Message m = ask("WwW.CDN.Example.", Type.A, false);
    assertEquals(Rcode.NOERROR, m.getRcode());
    assertEquals("WwW.CDN.Example.", m.getQuestion().getName().toString());
    assertEquals(1, m.getSection(Section.ANSWER).size());
  }

  @Test
  void missingNameIsNxdomainWithTheSoaInAuthority() throws IOException {
    Message m = ask("nope.cdn.example.", Type.A, false);
    assertEquals(Rcode.NXDOMAIN, m.getRcode());
    assertTrue(m.getHeader().getFlag(Flags.AA));
    assertTrue(m.getSection(Section.ANSWER).isEmpty());
    List<Record> auth = m.getSection(Section.AUTHORITY);
    assertEquals(1, auth.size());
    assertEquals(Type.SOA, auth.get(0).getType());
    assertEquals(60, auth.get(0).getTTL());
  }

  @Test
  void existingNameWithAnotherTypeIsNodata() throws IOException {
    for (String name : new String[] {"www.cdn.example.", "api.cdn.example.", "a.b.cdn.example."}) {
      Message m = ask(name, Type.MX, false);
      assertEquals(Rcode.NOERROR, m.getRcode(), name);
      assertTrue(m.getSection(Section.ANSWER).isEmpty(), name);
      assertEquals(Type.SOA, m.getSection(Section.AUTHORITY).get(0).getType(), name);
    }
  }

  @Test
  void apexAndStaticRecords() throws IOException {
    assertEquals(
        Type.SOA, ask("cdn.example.", Type.SOA, false).getSection(Section.ANSWER).get(0).getType());
    assertEquals(
        Type.NS, ask("cdn.example.", Type.NS, false).getSection(Section.ANSWER).get(0).getType());
    Message api = ask("api.cdn.example.", Type.A, false);
    assertEquals(
        "192.0.2.7",
        ((ARecord) api.getSection(Section.ANSWER).get(0)).getAddress().getHostAddress());
    assertEquals(300, api.getSection(Section.ANSWER).get(0).getTTL());
    Message alias = ask("alias.cdn.example.", Type.A, false);
    assertEquals(Type.CNAME, alias.getSection(Section.ANSWER).get(0).getType());
  }

  @Test
  void outsideTheZoneIsRefused() throws IOException {
    Message m = ask("www.example.org.", Type.A, false);
    assertEquals(Rcode.REFUSED, m.getRcode());
    assertFalse(m.getHeader().getFlag(Flags.AA));
  }

  @Test
  void bigAnswerIsTruncatedOverPlainUdpAndWholeOverTcp() throws IOException {
    SimpleResolver udp = resolver(false);
    udp.setEDNS(-1, 0, 0, List.of());
    udp.setIgnoreTruncation(true);
    Message q =
        Message.newQuery(
            Record.newRecord(Name.fromString("big.cdn.example."), Type.TXT, DClass.IN));
    Message truncated = udp.send(q);
    assertTrue(truncated.getHeader().getFlag(Flags.TC));
    udp.setIgnoreTruncation(false);
    Message full = udp.send(q);
    assertFalse(full.getHeader().getFlag(Flags.TC));
    assertEquals(1, full.getSection(Section.ANSWER).size());
    SimpleResolver edns = resolver(false);
    edns.setEDNS(0, 1232, 0, List.of());
    edns.setIgnoreTruncation(true);
    assertFalse(edns.send(q).getHeader().getFlag(Flags.TC), "fits the advertised 1232 bytes");
  }

  @Test
  void ednsVersionOtherThanZeroIsBadvers() throws IOException {
    Message q =
        Message.newQuery(Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN));
    q.addRecord(new OPTRecord(1232, 0, 1, 0), Section.ADDITIONAL);
    Message m = rawUdp(q.toWire());
    assertEquals(Rcode.BADVERS, m.getRcode());
    assertEquals(0, m.getOPT().getVersion());
    assertTrue(m.getSection(Section.ANSWER).isEmpty());
  }

  @Test
  void ecsIsEchoedWithScopeZeroInRandomMode() throws IOException {
    SimpleResolver r = resolver(false);
    ClientSubnetOption ecs = new ClientSubnetOption(24, InetAddress.getByName("203.0.113.0"));
    r.setEDNS(0, 1232, 0, List.of(ecs));
    Message m =
        r.send(
            Message.newQuery(
                Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN)));
    OPTRecord opt = m.getOPT();
    assertNotNull(opt);
    ClientSubnetOption back =
        (ClientSubnetOption) opt.getOptions(EDNSOption.Code.CLIENT_SUBNET).get(0);
    assertEquals(24, back.getSourcePrefixLength());
    assertEquals(0, back.getScopePrefixLength());
    assertEquals("203.0.113.0", back.getAddress().getHostAddress());
  }

  @Test
  void beaconGetsAProbeTargetThroughTheHookAndTheTargetAnswersL1() throws IOException {
    Message m = ask("b-1f2e.fc.cdn.example.", Type.A, false);
    List<Record> answer = m.getSection(Section.ANSWER);
    assertEquals(2, answer.size());
    CNAMERecord cname = (CNAMERecord) answer.get(0);
    assertEquals("3.7.fc.cdn.example.", cname.getTarget().toString());
    assertEquals(TestZones.L1, ((ARecord) answer.get(1)).getAddress().getHostAddress());
    Message target = ask("3.7.fc.cdn.example.", Type.A, false);
    assertEquals(
        TestZones.L1,
        ((ARecord) target.getSection(Section.ANSWER).get(0)).getAddress().getHostAddress());
  }

  @Test
  void correlationBeaconsAreAlwaysL1() throws IOException {
    for (int i = 0; i < 20; i++) {
      Message m =
          ask(
              "b-00000000000000" + String.format("%02x", i) + ".beacon.cdn.example.",
              Type.A,
              false);
      assertEquals(
          TestZones.L1,
          ((ARecord) m.getSection(Section.ANSWER).get(0)).getAddress().getHostAddress());
    }
  }

  @Test
  void otherOpcodesAreNotimpAndMalformedQueriesFormerr() throws IOException {
    Message notify =
        Message.newQuery(Record.newRecord(Name.fromString("cdn.example."), Type.SOA, DClass.IN));
    notify.getHeader().setOpcode(Opcode.NOTIFY);
    assertEquals(Rcode.NOTIMP, rawUdp(notify.toWire()).getRcode());

    Message two =
        Message.newQuery(Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN));
    two.addRecord(
        Record.newRecord(Name.fromString("api.cdn.example."), Type.A, DClass.IN), Section.QUESTION);
    assertEquals(Rcode.FORMERR, rawUdp(two.toWire()).getRcode());

    byte[] bad =
        Message.newQuery(Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN))
            .toWire();
    bad[12] = 63; // a label length running past the end of the message
    Message formerr = rawUdp(bad);
    assertEquals(Rcode.FORMERR, formerr.getRcode());
    assertEquals(((bad[0] & 0xFF) << 8) | (bad[1] & 0xFF), formerr.getHeader().getID());
  }

  @Test
  void garbageAndResponsesAreDropped() throws IOException {
    assertNull(rawUdpOrNull(new byte[] {1, 2, 3}));
    Message response =
        Message.newQuery(Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN));
    response.getHeader().setFlag(Flags.QR);
    assertNull(rawUdpOrNull(response.toWire()));
    assertEquals(
        Rcode.NOERROR, ask("www.cdn.example.", Type.A, false).getRcode(), "still answering");
  }

  static Message rawUdp(byte[] wire) throws IOException {
    Message m = rawUdpOrNull(wire);
    assertNotNull(m, "no response");
    return m;
  }

  static Message rawUdpOrNull(byte[] wire) throws IOException {
    try (DatagramSocket s = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
      s.setSoTimeout(500);
      s.send(new DatagramPacket(wire, wire.length, node.address()));
      byte[] buf = new byte[4096];
      DatagramPacket p = new DatagramPacket(buf, buf.length);
      try {
        s.receive(p);
      } catch (SocketTimeoutException e) {
        return null;
      }
      return new Message(Arrays.copyOf(buf, p.getLength()));
    }
  }

  @Test
  void malformedClientSubnetIsFormerr() throws IOException {
    Message q =
        Message.newQuery(Record.newRecord(Name.fromString("www.cdn.example."), Type.A, DClass.IN));
    byte[] plain = q.toWire();
    // OPT with an ECS option claiming IPv4 with a 33-bit source prefix (RFC 7871 section 7.1.1:
    // FORMERR).
    byte[] opt = {
      0, 0, 41, 4, (byte) 0xD0, 0, 0, 0, 0, 0, 12, 0, 8, 0, 8, 0, 1, 33, 0, (byte) 203, 0, 113, 0
    };
    byte[] wire = Arrays.copyOf(plain, plain.length + opt.length);
    System.arraycopy(opt, 0, wire, plain.length, opt.length);
    wire[11] = 1;
    assertEquals(Rcode.FORMERR, rawUdp(wire).getRcode());
  }

  @Test
  void headerOnlyErrorsKeepIdAndRd() throws IOException {
    byte[] bad = new byte[] {0x12, 0x34, 0x01, 0x00, 0, 2, 0, 0, 0, 0, 0, 0};
    Message m = rawUdp(bad);
    Header h = m.getHeader();
    assertEquals(0x1234, h.getID());
    assertTrue(h.getFlag(Flags.RD));
    assertEquals(Rcode.FORMERR, m.getRcode());
  }
}
