package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.Clocks;
import dev.alm.traces.AnswerKind;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Type;

/**
 * The query log's lines: repeated and changing resolvers, outcomes and milliseconds; threads,
 * drops, the file.
 */
class QueryLogTest {
  private static final long T = 1_795_000_000_123L;
  private static final String TS = "2026-11-18T11:06:40.123Z";
  private static final String TS1 = "2026-11-18T11:06:40.124Z";

  /**
   * The monotonic clock stands still at 5 s; the wall clock at {@link #T}: a line at 5 s has ts T.
   */
  private static final long NOW = 5_000_000_000L;

  private final Outcome l1 = outcome(AnswerKind.L1);
  private final Outcome l2 = outcome(AnswerKind.L2);

  private static Outcome outcome(AnswerKind kind) {
    return new Outcome(
        Name.fromConstantString("www.cdn.example."), Type.A, Rcode.NOERROR, kind, null, false);
  }

  private static QueryLog log(ByteArrayOutputStream out, int capacity, boolean header)
      throws Exception {
    return QueryLog.to(out, "pop1", capacity, header, new Clocks(() -> NOW, () -> T));
  }

  @Test
  void repeatsAndChangesAreFormattedLikeFreshLines() throws Exception {
    InetAddress a = InetAddress.getByName("192.0.2.7");
    InetAddress b = InetAddress.getByName("2001:db8::1");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (QueryLog log = log(out, 100, false)) {
      log.record(NOW, a, l1);
      log.record(
          NOW, InetAddress.getByName("192.0.2.7"), l1); // equal resolver, another object: a repeat
      log.record(NOW, a, l2); // same millisecond and resolver, another outcome
      log.record(NOW, a, l1); // back to the first: a repeat of a line before the last
      log.record(NOW + 1_000_000, a, l2); // another millisecond
      log.record(NOW + 1_000_000, b, l2); // another resolver
    }
    assertEquals(
        List.of(
            TS + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l1",
            TS + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l1",
            TS + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l2",
            TS + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l1",
            TS1 + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l2",
            TS1 + ",pop1,2001:db8:0:0:0:0:0:1,,www.cdn.example.,A,NOERROR,l2"),
        lines(out));
  }

  @Test
  void clientSubnetMissingQuestionAndQuotingAreWrittenAsTheRecordDoes() throws Exception {
    InetAddress a = InetAddress.getByName("192.0.2.7");
    ClientSubnetOption ecs = new ClientSubnetOption(24, InetAddress.getByName("203.0.113.0"));
    Outcome nx =
        new Outcome(
            Name.fromConstantString("Nope.CDN.example."),
            Type.AAAA,
            Rcode.NXDOMAIN,
            AnswerKind.NONE,
            ecs,
            false);
    Outcome formerr = new Outcome(null, -1, Rcode.FORMERR, AnswerKind.NONE, null, false);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (QueryLog log = QueryLog.to(out, "fra,1", 100, true, new Clocks(() -> NOW, () -> T))) {
      log.record(NOW - 2_500_000, a, nx); // 2.5 ms before the drain: ts 3 ms back (floor)
      log.record(NOW, a, formerr);
    }
    assertEquals(
        List.of(
            "ts,pop,resolver,ecs,qname,qtype,rcode,answer",
            "2026-11-18T11:06:40.120Z,\"fra,1\",192.0.2.7,203.0.113.0/24,nope.cdn.example.,AAAA,NXDOMAIN,none",
            TS + ",\"fra,1\",192.0.2.7,,,,FORMERR,none"),
        lines(out));
  }

  @Test
  void everyLineIsWrittenOrCountedAsDropped() throws Exception {
    InetAddress a = InetAddress.getByName("192.0.2.7");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    QueryLog log = log(out, 4, false);
    // Two threads, each with its own ring of 4, write bursts far faster than the writer drains
    // them.
    AtomicLong accepted = new AtomicLong();
    Runnable burst =
        () -> {
          for (int i = 0; i < 1000; i++) {
            if (log.record(NOW, a, l1)) {
              accepted.incrementAndGet();
            }
          }
        };
    Thread other = new Thread(burst);
    other.start();
    burst.run();
    other.join();
    log.close();
    assertTrue(accepted.get() >= 8 && accepted.get() < 2000, "accepted " + accepted);
    assertEquals(2000 - accepted.get(), log.dropped());
    assertEquals(accepted.get(), log.written());
    assertEquals(accepted.get(), lines(out).size());
  }

  @Test
  void linesReachTheFileWithinAboutAPeriodAndAppendKeepsOneHeader(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("logs/q.csv");
    InetAddress a = InetAddress.getByName("192.0.2.7");
    AtomicLong nanos = new AtomicLong(NOW);
    try (QueryLog log = QueryLog.open(file, "pop1", 16, new Clocks(nanos::get, () -> T))) {
      assertTrue(log.record(NOW, a, l1));
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (log.written() < 1 && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      assertEquals(1, log.written(), "drained by the writer's timer, before close");
    }
    try (QueryLog log = QueryLog.open(file, "pop1", 16, new Clocks(nanos::get, () -> T))) {
      log.record(NOW, a, l2);
    }
    assertEquals(
        List.of(
            "ts,pop,resolver,ecs,qname,qtype,rcode,answer",
            TS + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l1",
            TS + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l2"),
        Files.readAllLines(file, StandardCharsets.UTF_8));
  }

  private static List<String> lines(ByteArrayOutputStream out) {
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
