package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.fastcontrol.RequeryDemand;
import dev.alm.io.Clocks;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/**
 * The typed sensor the control loop reads A_i from (paper 004 eq. 2): the count of L1 and L2
 * answers, kept by the answering pipeline whatever the metrics, and the clocks a node is given.
 */
class CdnAnswersTest {

  private static byte[] query(String name, int id) {
    Message q =
        Message.newQuery(Record.newRecord(Name.fromConstantString(name), Type.A, DClass.IN));
    q.getHeader().setID(id);
    return q.toWire();
  }

  /** 5 CDN queries, 3 static, 2 NXDOMAIN, 4 beacons. */
  private static List<byte[]> mix() {
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      out.add(query("www.cdn.example.", i));
    }
    for (int i = 0; i < 3; i++) {
      out.add(query("api.cdn.example.", 10 + i));
    }
    for (int i = 0; i < 2; i++) {
      out.add(query("nope.cdn.example.", 20 + i));
    }
    for (int i = 0; i < 4; i++) {
      out.add(query("b-" + i + ".fc.cdn.example.", 30 + i));
    }
    for (int i = 0; i < 3; i++) {
      // correlation beacons: answered L1 (and logged so), but not CDN answers (not part of A_i)
      out.add(query("b-000000000000000" + i + ".beacon.cdn.example.", 40 + i));
    }
    return out;
  }

  /** A pipeline at x = 0.3 with metrics off and no query log, on {@code clock}. */
  private static AnswerPipeline pipeline(DnsConfig config, LongSupplier clock) {
    ServedZone zone = new ServedZone(config);
    return new AnswerPipeline(
        new QueryAnswerer(config, zone, new RedirectionProbability(0.3), ProbeAnswerer.NONE),
        new ResponseRateLimiter(config.rrl()),
        DnsMetrics.NONE,
        null,
        zone.zone().hashCode(),
        clock,
        config.cdnTtl());
  }

  @Test
  void measuresTheRequestsBehindTheAnswersFromEachResolversRequeryGaps() throws Exception {
    DnsConfig config = TestZones.builder().build();
    long[] now = {0};
    AnswerPipeline pipeline = pipeline(config, () -> now[0]);
    InetAddress[] resolvers = {
      InetAddress.getByName("127.0.0.1"), InetAddress.getByName("127.0.0.2")
    };
    long gap = config.cdnTtl() * 1_000_000_000L + 500_000_000L; // each asks 0.5 s after expiry
    for (int i = 0; i < 40; i++) {
      now[0] = i * gap;
      for (InetAddress r : resolvers) {
        pipeline.udp(query("www.cdn.example.", i), r);
      }
    }
    RequeryDemand.Totals t = pipeline.demand();
    assertEquals(80, t.answers());
    assertTrue(t.rated() >= 70, "rated " + t.rated());
    // a wait of 0.5 s after expiry, the same every time, is read over n gaps as (n - 1) / (0.5 n),
    // the unbiased estimate of an exponential wait's rate: 1/s after two gaps, 1.5/s after four
    double perAnswer = t.requests() / t.rated();
    assertTrue(
        perAnswer > 1 + config.cdnTtl() && perAnswer < 1 + config.cdnTtl() * 2, "" + perAnswer);
    // one address asking every 0.1 s under the TTL is not one cache: 1 request per answer, unrated
    for (int i = 0; i < 20; i++) {
      now[0] += 100_000_000L;
      pipeline.udp(query("www.cdn.example.", 100 + i), InetAddress.getByName("127.0.0.3"));
    }
    // (its first answer, new to the table, counts the other resolvers' mean rate)
    assertEquals(t.rated() + 1, pipeline.demand().rated());
  }

  @Test
  void countsOnlyL1AndL2AnswersWithMetricsOff() throws Exception {
    DnsConfig config = TestZones.builder().build();
    AnswerPipeline pipeline = pipeline(config, () -> 0L);
    InetAddress client = InetAddress.getByName("127.0.0.1");
    int sent = 0;
    for (byte[] q : mix()) {
      sent += pipeline.udp(q, client) == null ? 0 : 1;
    }
    pipeline.tcp(query("www.cdn.example.", 99), client);
    assertEquals(18, sent + 1, "every query answered");
    assertEquals(
        6,
        pipeline.cdnAnswers(),
        "5 UDP and 1 TCP CDN answers; no static, NX, FastControl or correlation beacon");
  }

  @Test
  void aNodeReportsTheSameCountAsItsMetricsAndStampsItsLogWithTheGivenClock(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("query.csv");
    long millis = 86_400_000L; // 1970-01-02
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().queryLog(file).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1,
                new Clocks(() -> 5_000_000_000L, () -> millis));
        UdpClient client = new UdpClient(node.address())) {
      assertEquals(17, client.exchange(mix(), 17).size());
      assertEquals(5, node.cdnAnswers());
      @SuppressWarnings("unchecked")
      Map<String, Long> byAnswer = (Map<String, Long>) node.status().get("byAnswer");
      assertEquals(
          node.cdnAnswers() + 3, // the correlation beacons are answered (and logged) L1
          byAnswer.getOrDefault("l1", 0L) + byAnswer.getOrDefault("l2", 0L));
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals(18, lines.size());
    for (String line : lines.subList(1, lines.size())) {
      assertTrue(line.startsWith("1970-01-02T00:00:00.000Z,"), line);
    }
  }
}
