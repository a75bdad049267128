package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/** Response-rate limiting with slip on real UDP, and the query log's lines. */
class RateLimitAndLogTest {

  private static List<byte[]> queries(String name, int n) {
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Message q =
          Message.newQuery(Record.newRecord(Name.fromConstantString(name), Type.A, DClass.IN));
      q.getHeader().setID(i);
      out.add(q.toWire());
    }
    return out;
  }

  @Test
  void identicalResponsesBeyondTheRateAreDroppedOrSlipTruncated() throws Exception {
    RrlConfig rrl = new RrlConfig(true, 1, 5, 2, 24, 56, 1024);
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().rrl(rrl).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1);
        UdpClient client = new UdpClient(node.address())) {
      long t0 = System.nanoTime();
      List<byte[]> got = client.exchange(queries("www.cdn.example.", 100), 100);
      double seconds = (System.nanoTime() - t0) / 1e9;
      long full =
          got.stream().map(UdpClient::parse).filter(m -> !m.getHeader().getFlag(Flags.TC)).count();
      long truncated = got.size() - full;
      // Burst 5 plus 1 per second of the exchange; each limited response is dropped or (every 2nd)
      // slipped.
      assertTrue(full >= 5 && full <= 5 + Math.ceil(seconds) + 1, "full responses " + full);
      long limited = 100 - full;
      assertEquals(limited / 2, truncated, "every second limited response slips truncated");
      assertEquals(limited - truncated, (long) node.status().get("rrlDropped"));
      assertEquals(truncated, (long) node.status().get("rrlSlipped"));
      // Another name is another response: not limited.
      assertEquals(1, client.exchange(queries("api.cdn.example.", 1), 1).size());
    }
  }

  @Test
  void queryLogHasOneLinePerResponseInTheDocumentedFormat(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("logs/query.csv");
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().queryLog(file).x(1.0).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1);
        UdpClient client = new UdpClient(node.address())) {
      client.exchange(queries("www.cdn.example.", 3), 3);
      client.exchange(queries("nope.cdn.example.", 2), 2);
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals("ts,pop,resolver,ecs,qname,qtype,rcode,answer", lines.get(0));
    assertEquals(6, lines.size());
    assertTrue(
        lines
            .get(1)
            .matches(
                "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z,7,127\\.0\\.0\\.1,,"
                    + "www\\.cdn\\.example\\.,A,NOERROR,l1"),
        lines.get(1));
    assertTrue(lines.get(5).endsWith(",nope.cdn.example.,A,NXDOMAIN,none"), lines.get(5));
  }
}
