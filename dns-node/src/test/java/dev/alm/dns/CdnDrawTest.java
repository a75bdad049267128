package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.traces.AnswerKind;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/**
 * The fast path and the general path draw L1 or L2 in one place: for the same client (sticky mode)
 * or the same random sequence (random mode) they give the same answers, at the rate x.
 */
class CdnDrawTest {

  private static byte[] hotQuery(int id) {
    Message q =
        Message.newQuery(
            Record.newRecord(Name.fromConstantString("www.cdn.example."), Type.A, DClass.IN));
    q.getHeader().setID(id);
    return q.toWire();
  }

  private static AnswerKind kind(Reply r) {
    assertTrue(r instanceof Reply.Send, "answered: " + r);
    return ((Reply.Send) r).outcome().kind();
  }

  @Test
  void bothPathsGiveEachStickyClientTheSameAnswer() throws Exception {
    DnsConfig config = TestZones.builder().mode(AnswerMode.STICKY).x(0.5).build();
    ServedZone zone = new ServedZone(config);
    QueryAnswerer answerer =
        new QueryAnswerer(config, zone, new RedirectionProbability(0.5), ProbeAnswerer.NONE);
    Random rng = new Random(11);
    int l1 = 0;
    int n = 2_000;
    for (int i = 0; i < n; i++) {
      byte[] a = new byte[rng.nextBoolean() ? 4 : 16];
      rng.nextBytes(a);
      InetAddress client = InetAddress.getByAddress(a);
      byte[] q = hotQuery(i);
      AnswerKind fast = kind(answerer.answer(q, client, false, 0));
      AnswerKind general = kind(answerer.general(q, client, false, 0));
      assertEquals(general, fast, "client " + client.getHostAddress());
      if (general == AnswerKind.L1) {
        l1++;
      }
    }
    // binomial(2000, 0.5): sd 22; 6 sd either side
    assertTrue(Math.abs(l1 - n / 2) < 135, "L1 for " + l1 + " of " + n + " clients at x = 0.5");
  }

  /**
   * 5,000 queries through the fast path and the general path, each with its own draw seeded alike
   * at x = 0.3: the two give the same answers; returns them.
   */
  private static List<AnswerKind> bothPathsAgree(DnsConfig config) throws Exception {
    ServedZone zone = new ServedZone(config);
    RedirectionProbability x = new RedirectionProbability(0.3);
    Random fastSeed = new Random(42);
    Random generalSeed = new Random(42);
    QueryAnswerer viaFast =
        new QueryAnswerer(
            config, zone, new CdnDraw(config, x, fastSeed::nextDouble), ProbeAnswerer.NONE);
    QueryAnswerer viaGeneral =
        new QueryAnswerer(
            config, zone, new CdnDraw(config, x, generalSeed::nextDouble), ProbeAnswerer.NONE);
    InetAddress client = InetAddress.getByName("127.0.0.1");
    List<AnswerKind> fast = new ArrayList<>();
    List<AnswerKind> general = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      byte[] q = hotQuery(i);
      fast.add(kind(viaFast.answer(q, client, false, 0)));
      general.add(kind(viaGeneral.general(q, client, false, 0)));
    }
    assertEquals(general, fast);
    return fast;
  }

  @Test
  void bothPathsGiveTheSameAnswersForTheSameSeed() throws Exception {
    DnsConfig config = TestZones.builder().mode(AnswerMode.RANDOM).x(0.3).build();
    List<AnswerKind> fast = bothPathsAgree(config);
    long l1 = fast.stream().filter(k -> k == AnswerKind.L1).count();
    // binomial(5000, 0.3): sd 32; 6 sd either side
    assertTrue(Math.abs(l1 - 1_500) < 195, "L1 for " + l1 + " of 5000 queries at x = 0.3");
  }

  @Test
  void balancedModeHoldsTheShareOnBothPathsOverEveryRunOfQueries() throws Exception {
    DnsConfig config = TestZones.builder().x(0.3).build();
    assertEquals(AnswerMode.BALANCED, config.mode());
    List<AnswerKind> fast = bothPathsAgree(config);
    // every run of 100 answers holds 30 L1 answers give or take 5 (independent draws: sd 4.6)
    for (int from = 0; from + 100 <= fast.size(); from++) {
      long l1 = fast.subList(from, from + 100).stream().filter(k -> k == AnswerKind.L1).count();
      assertTrue(Math.abs(l1 - 30) <= 5, l1 + " L1 answers in the 100 from query " + from);
    }
  }
}
