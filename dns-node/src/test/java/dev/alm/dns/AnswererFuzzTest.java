package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/**
 * The answering function alone, without sockets: hostile messages give a response or a drop, never
 * a throw.
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
      assertTrue(r instanceof Reply.Send || r instanceof Reply.Drop);
      if (r instanceof Reply.Send s) {
        assertTrue(
            s.wire().length >= 12 && s.wire().length <= (i % 3 == 0 ? 65535 : 1232),
            "response size");
        sent++;
      }
    }
    assertTrue(
        sent > 100_000,
        "most hostile messages still get a response (FORMERR and the like): " + sent);
  }
}
