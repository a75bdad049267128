package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.traces.AnswerKind;
import java.io.StringWriter;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Type;

/** The query log's lines: repeated and changing resolvers, outcomes and milliseconds. */
class QueryLogTest {
  @Test
  void repeatsAndChangesAreFormattedLikeFreshLines() throws Exception {
    Outcome l1 = new Outcome(Name.fromString("www.cdn.example."), Type.A, Rcode.NOERROR, AnswerKind.L1, null, false);
    Outcome l2 = new Outcome(Name.fromString("www.cdn.example."), Type.A, Rcode.NOERROR, AnswerKind.L2, null, false);
    InetAddress a = InetAddress.getByName("192.0.2.7");
    InetAddress b = InetAddress.getByName("2001:db8::1");
    long t = 1_795_000_000_123L;
    StringWriter out = new StringWriter();
    try (QueryLog log = QueryLog.to(out, "pop1", 100, false)) {
      log.record(t, a, l1);
      log.record(t, InetAddress.getByName("192.0.2.7"), l1); // equal resolver, another object: a repeat
      log.record(t, a, l2); // same millisecond and resolver, another outcome
      log.record(t, a, l1); // back to the first: a repeat of a line before the last
      log.record(t + 1, a, l2); // another millisecond
      log.record(t + 1, b, l2); // another resolver
    }
    String ts = "2026-11-18T11:06:40.123Z";
    String ts1 = "2026-11-18T11:06:40.124Z";
    assertEquals(List.of(
        ts + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l1",
        ts + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l1",
        ts + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l2",
        ts + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l1",
        ts1 + ",pop1,192.0.2.7,,www.cdn.example.,A,NOERROR,l2",
        ts1 + ",pop1,2001:db8:0:0:0:0:0:1,,www.cdn.example.,A,NOERROR,l2"), out.toString().lines().toList());
  }
}
