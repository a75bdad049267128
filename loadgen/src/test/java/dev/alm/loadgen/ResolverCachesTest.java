package dev.alm.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Section;

/** Cached CDN answers: the TTL honoured, serve stale after a failed question, no answer at all. */
class ResolverCachesTest {
  private static final long S = 1_000_000_000L;

  private static Message answer(String address, long ttl) throws Exception {
    Message m = new Message();
    m.addRecord(
        new ARecord(
            Name.fromConstantString("www.cdn.example."),
            DClass.IN,
            ttl,
            InetAddress.getByName(address)),
        Section.ANSWER);
    return m;
  }

  @Test
  void answersAreKeptForTheirTtlThenServedStaleWhenTheQuestionFails() throws Exception {
    ResolverCaches c = new ResolverCaches(2, InetAddress.getByName("192.0.2.1"));
    AtomicInteger asked = new AtomicInteger();
    AtomicInteger stale = new AtomicInteger();
    Message l1 = answer("192.0.2.1", 2);
    assertEquals(ResolverCaches.Answer.NONE, c.answer(0, 0, () -> null, stale::incrementAndGet));
    assertEquals(
        ResolverCaches.Answer.L1,
        c.answer(
            0,
            0,
            () -> {
              asked.incrementAndGet();
              return l1;
            },
            stale::incrementAndGet));
    assertEquals(
        ResolverCaches.Answer.L1,
        c.answer(
            0,
            S,
            () -> {
              asked.incrementAndGet();
              return null;
            },
            stale::incrementAndGet));
    assertEquals(1, asked.get(), "within the TTL nothing is asked");
    assertEquals(ResolverCaches.Answer.L1, c.answer(0, 2 * S, () -> null, stale::incrementAndGet));
    assertEquals(1, stale.get(), "expired and the question failed: served stale");
    Message l2 = answer("203.0.113.1", 2);
    assertEquals(
        ResolverCaches.Answer.L1,
        c.answer(0, 2 * S + S / 2, () -> l2, stale::incrementAndGet),
        "asked again only a second later");
    assertEquals(ResolverCaches.Answer.L2, c.answer(0, 3 * S, () -> l2, stale::incrementAndGet));
    assertEquals(ResolverCaches.Answer.L2, c.answer(1, 0, () -> l2, stale::incrementAndGet));
  }

  @Test
  void anEchoHeaderIsANameOrNothing() {
    assertEquals(
        Name.fromConstantString("abc.b.a.echo.cdn.example."),
        DnsClient.name("abc.b.a.echo.cdn.example"));
    assertNull(DnsClient.name(null));
    assertNull(DnsClient.name(""));
    assertNull(DnsClient.name("a..b"));
  }
}
