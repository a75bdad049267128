package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * The precomputed answers equal the general path's, section by section, for every query they take.
 */
class FastAnswersTest {

  private static byte[] query(
      String name, int type, boolean rd, boolean edns, boolean doBit, int id) {
    Message q = Message.newQuery(Record.newRecord(Name.fromConstantString(name), type, DClass.IN));
    q.getHeader().setID(id);
    if (!rd) {
      q.getHeader().unsetFlag(Flags.RD);
    }
    if (edns) {
      q.addRecord(new OPTRecord(4096, 0, 0, doBit ? 0x8000 : 0), Section.ADDITIONAL);
    }
    return q.toWire();
  }

  @Test
  void sameAnswersAsTheGeneralPath() throws Exception {
    Random rng = new Random(5);
    InetAddress client = InetAddress.getByName("127.0.0.1");
    for (AnswerMode mode : AnswerMode.values()) {
      for (double x : new double[] {0.0, 1.0}) {
        DnsConfig config =
            TestZones.builder()
                .mode(mode)
                .x(x)
                .name(Name.fromConstantString("www.cdn.example."))
                .name(Name.fromConstantString("img.cdn.example."))
                .build();
        ServedZone zone = new ServedZone(config);
        RedirectionProbability p = new RedirectionProbability(x);
        FastAnswers fast = new FastAnswers(config, zone, new CdnDraw(config, p));
        QueryAnswerer general = new QueryAnswerer(config, zone, p, ProbeAnswerer.NONE);
        for (int i = 0; i < 200; i++) {
          String name = rng.nextBoolean() ? "WwW.cdn.EXAMPLE." : "img.cdn.example.";
          int type = rng.nextBoolean() ? Type.A : Type.AAAA;
          byte[] q =
              query(
                  name,
                  type,
                  rng.nextBoolean(),
                  rng.nextBoolean(),
                  rng.nextBoolean(),
                  rng.nextInt(65536));
          Reply.Send f = fast.answer(q, client);
          assertNotNull(f, "the hot query takes the fast path");
          Reply.Send g = (Reply.Send) general.general(q, client, false, 0);
          Message fm = new Message(f.wire());
          Message gm = new Message(g.wire());
          assertEquals(gm.getHeader().toString(), fm.getHeader().toString());
          for (int s :
              new int[] {Section.QUESTION, Section.ANSWER, Section.AUTHORITY, Section.ADDITIONAL}) {
            assertEquals(gm.getSection(s), fm.getSection(s), "section " + s);
          }
          assertEquals(name, fm.getQuestion().getName().toString(), "question case kept");
          assertEquals(g.outcome().kind(), f.outcome().kind());
          assertEquals(g.outcome().rcode(), f.outcome().rcode());
        }
      }
    }
  }

  @Test
  void everythingElseGoesToTheGeneralPath() throws Exception {
    DnsConfig config = TestZones.builder().build();
    FastAnswers fast =
        new FastAnswers(
            config, new ServedZone(config), new CdnDraw(config, new RedirectionProbability(0.5)));
    InetAddress client = InetAddress.getByName("127.0.0.1");
    assertNull(fast.answer(query("api.cdn.example.", Type.A, true, false, false, 1), client));
    assertNull(fast.answer(query("www.cdn.example.", Type.TXT, true, false, false, 1), client));
    Message ecs =
        Message.newQuery(
            Record.newRecord(Name.fromConstantString("www.cdn.example."), Type.A, DClass.IN));
    ecs.addRecord(
        new OPTRecord(
            1232, 0, 0, 0, new ClientSubnetOption(24, InetAddress.getByName("203.0.113.0"))),
        Section.ADDITIONAL);
    assertNull(fast.answer(ecs.toWire(), client), "EDNS options take the general path");
    Message v1 =
        Message.newQuery(
            Record.newRecord(Name.fromConstantString("www.cdn.example."), Type.A, DClass.IN));
    v1.addRecord(new OPTRecord(1232, 0, 1, 0), Section.ADDITIONAL);
    assertNull(fast.answer(v1.toWire(), client), "EDNS version 1 takes the general path (BADVERS)");
    byte[] q = query("www.cdn.example.", Type.A, true, false, false, 1);
    assertNull(fast.answer(Arrays.copyOf(q, q.length + 1), client), "trailing bytes");
    q[2] |= (byte) 0x80;
    assertNull(fast.answer(q, client), "a response");
    assertTrue(
        fast.answer(query("www.cdn.example.", Type.A, true, false, false, 1), client) != null);
  }
}
