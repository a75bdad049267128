package dev.alm.correlation.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.CorrelationRun;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.traces.BeaconName;
import dev.alm.traces.ReadReport;
import dev.alm.traces.Timestamps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-name join gives the in-process join's counts on logs whose lines are out of time order
 * (as logs drained from several event loops are), with duplicates and names reused after the
 * window: 200 random cases, several files per side, no Spark needed.
 */
class KeyJoinTest {
  @TempDir Path dir;

  @Test
  void perNameJoinMatchesTheStreamingJoinOnDisorderedLogs() throws Exception {
    Random rnd = new Random(42);
    for (int c = 0; c < 200; c++) {
      Path d = Files.createDirectories(dir.resolve("c" + c));
      List<Path> dns = new ArrayList<>();
      List<Path> http = new ArrayList<>();
      Map<String, long[]> expected = new TreeMap<>();
      List<Half> halves = new ArrayList<>();
      int files = 1 + rnd.nextInt(3);
      long window = 50 + rnd.nextInt(200);
      for (int f = 0; f < 2 * files; f++) {
        boolean isDns = f < files;
        Path p = d.resolve((isDns ? "dns" : "http") + f + ".csv");
        StringBuilder sb =
            new StringBuilder(
                isDns
                    ? "ts,pop,resolver,ecs,qname,qtype,rcode,answer\n"
                    : "ts,pop,client,host,path,status,bytes,latency_us,probe_category,probe_origin\n");
        long t = 1_767_225_600_000L;
        long clock = Long.MIN_VALUE;
        int lines = 5 + rnd.nextInt(40);
        for (int k = 0; k < lines; k++) {
          t += rnd.nextInt(60);
          long ts = t - (rnd.nextInt(4) == 0 ? rnd.nextInt(120) : 0); // out of order
          String pop = "p" + rnd.nextInt(3);
          boolean beacon = rnd.nextInt(5) != 0;
          String host =
              beacon ? BeaconName.host(rnd.nextInt(12), "cdn.example") : "www.cdn.example";
          String ts0 = Timestamps.format(ts);
          if (isDns) {
            sb.append(ts0 + "," + pop + ",10.0.0.1,," + host + ".,A,NOERROR,l1\n");
          } else {
            sb.append(ts0 + "," + pop + ",100.0.0.1," + host + ",/b.gif,200,43,10,,\n");
          }
          clock = Math.max(clock, ts);
          if (beacon) {
            halves.add(new Half(BeaconName.key(host), ts, clock, f, k + 2, isDns, pop));
          }
        }
        Files.writeString(p, sb);
        (isDns ? dns : http).add(p);
      }
      LabelIndex labels = new LabelIndex(LabelFolding.identity(), Set.of());
      CorrelationRun.Result r =
          CorrelationRun.run(
              CorrelationInputs.beacon(dns, http, window),
              labels,
              List.of(),
              new ReadReport(false),
              null);
      for (int i = 0; i < labels.size(); i++) {
        for (int j = 0; j < labels.size(); j++) {
          long n = r.tally().counts(0).get(i, j);
          if (n > 0) {
            expected.put(labels.id(i) + ">" + labels.id(j), new long[] {n});
          }
        }
      }
      Map<String, List<Half>> byKey = new HashMap<>();
      halves.forEach(h -> byKey.computeIfAbsent(h.getKey(), k -> new ArrayList<>()).add(h));
      Map<String, long[]> got = new TreeMap<>();
      long[] kinds = new long[4];
      for (List<Half> hs : byKey.values()) {
        for (Outcome o : KeyJoin.join(hs.iterator(), window)) {
          kinds[o.getKind()]++;
          if (o.getKind() == Outcome.SAMPLE) {
            got.computeIfAbsent(o.getFrom() + ">" + o.getTo(), k -> new long[1])[0]++;
          }
        }
      }
      assertEquals(toString(expected), toString(got), "case " + c);
      assertEquals(r.stats().get("joined"), kinds[Outcome.SAMPLE], "case " + c);
      assertEquals(r.stats().get("unjoinedAnswers"), kinds[Outcome.UNJOINED_ANSWER], "case " + c);
      assertEquals(r.stats().get("unjoinedRequests"), kinds[Outcome.UNJOINED_REQUEST], "case " + c);
      assertEquals(r.stats().get("duplicates"), kinds[Outcome.DUPLICATE], "case " + c);
    }
  }

  private static String toString(Map<String, long[]> m) {
    StringBuilder sb = new StringBuilder();
    m.forEach((k, v) -> sb.append(k).append('=').append(v[0]).append(' '));
    return sb.toString();
  }
}
