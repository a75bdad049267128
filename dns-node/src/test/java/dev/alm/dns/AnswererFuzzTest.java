package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Message;
import org.xbill.DNS.Section;

/**
 * The answering function alone, without sockets: hostile messages never throw; every response
 * decodes, carries the query's id and question, and only non-queries are dropped.
 */
class AnswererFuzzTest {

  @Test
  void hostileMessagesNeverThrow() throws Exception {
    DnsConfig config = TestZones.builder().build();
    QueryAnswerer answerer =
        new QueryAnswerer(
            config, new ServedZone(config), new RedirectionProbability(0.5), now -> "3");
    QueryAnswerer sticky =
        new QueryAnswerer(
            TestZones.builder().mode(AnswerMode.STICKY).build(),
            new ServedZone(config),
            new RedirectionProbability(0.5),
            ProbeAnswerer.NONE);
    InetAddress client = InetAddress.getByName("127.0.0.1");
    FuzzPackets fuzz = new FuzzPackets(7);
    int sent = 0;
    for (int i = 0; i < 200_000; i++) {
      byte[] m = fuzz.next();
      Reply r = (i % 2 == 0 ? answerer : sticky).answer(m, client, i % 3 == 0, i);
      if (r instanceof Reply.Send s) {
        byte[] w = s.wire();
        assertTrue(w.length >= 12 && w.length <= (i % 3 == 0 ? 65535 : 1232), "response size");
        assertTrue((w[2] & 0x80) != 0, "QR set");
        assertEquals(m[0], w[0], "the query's id");
        assertEquals(m[1], w[1], "the query's id");
        Message response = new Message(w);
        if (response.getHeader().getCount(Section.QUESTION) > 0) {
          assertEquals(1, response.getHeader().getCount(Section.QUESTION));
          assertEquals(
              new Message(m).getQuestion(), response.getQuestion(), "the query's question");
        }
        sent++;
      } else {
        assertTrue(
            m.length < 12 || (m[2] & 0x80) != 0,
            "only a message shorter than a header, or a response, is dropped");
      }
    }
    assertTrue(
        sent > 100_000,
        "most hostile messages still get a response (FORMERR and the like): " + sent);
  }
}
