package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alm predict --lab DIR}: the users of an alm lab run. */
class PredictLabTest extends CliTest {

  @TempDir Path dir;

  /**
   * A lab run of paper-fig2's two PoPs: e1 (DNS a, HTTP a), e2 (DNS a through resolver r1, HTTP b),
   * e3 (b, b); the proxies' access logs with 12 s of ordinary requests and 3 background requests a
   * second at b only, and a burst of late requests at 4 s.
   */
  private Path labRun() throws Exception {
    Path run = dir.resolve("run1");
    Files.createDirectories(run.resolve("run"));
    Files.createDirectories(run.resolve("logs"));
    Files.writeString(
        run.resolve("catchments.json"),
        """
        {"catchments": {
          "e1": {"demand": 0.1, "resolver": "on-net", "dns": "a", "http": "a"},
          "e2": {"demand": 0.9, "resolver": "r1", "dns": "a", "http": "b"},
          "e3": {"demand": 1.0, "resolver": "on-net", "dns": "b", "http": "b"},
          "r1": {"dns": "a"}}}
        """);
    Files.writeString(run.resolve("summary.json"), "{\"pops\": {}}");
    Files.writeString(
        run.resolve("run").resolve("settings.json"),
        "{\"loadUnit\": 50.0, \"resolverCaches\": 50, \"ttl\": 2, \"fcBeaconsPerUnit\": 40.0,"
            + " \"bodyBytes\": 64}");
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    StringBuilder a =
        new StringBuilder(
            "ts,pop,client,host,path,status,bytes,latency_us,probe_category,probe_origin\n");
    StringBuilder b = new StringBuilder(a);
    for (int ms = 0; ms < 12_000; ms += 25) { // 40 ordinary requests/s at b, 4 at a
      Instant at = t0.plusMillis(ms);
      int n = ms >= 4_000 && ms < 4_250 ? 20 : 1; // the backlog at 4-4.25 s
      for (int k = 0; k < n; k++) {
        b.append(at).append(",b,198.19.2.1,www.cdn.example,/bytes/64,200,64,100,,\n");
      }
      if (ms % 250 == 0) {
        a.append(at).append(",a,198.19.1.1,www.cdn.example,/bytes/64,200,64,100,,\n");
      }
      if (ms % 1000 < 75) { // 3 catchment checks a second
        b.append(at).append(",b,198.19.2.1,www.cdn.example,/bytes/1,200,1,100,,\n");
      }
      if (ms % 500 == 0) { // probes are neither
        b.append(at).append(",b,198.19.2.1,a.b.fc.cdn.example,/bytes/1,200,1,100,b,a\n");
      }
    }
    Files.writeString(run.resolve("logs").resolve("a.access.log"), a);
    Files.writeString(run.resolve("logs").resolve("b.access.log"), b);
    return run;
  }

  @Test
  void takesTheRunsEyeballNetworksWarmUpAndBackground() throws Exception {
    Path run = labRun();
    Path pred = dir.resolve("pred");
    int code =
        alm(
            "predict",
            "--lab",
            run.toString(),
            "--withhold-c",
            "--load-unit",
            "50",
            "--resolvers",
            "50",
            "--duration",
            "10s",
            "--out",
            pred.toString());
    assertEquals(0, code, err.toString());
    String line =
        out.toString().lines().filter(l -> l.startsWith("lab users:")).findFirst().orElse("");
    assertTrue(line.startsWith("lab users: 3 eyeball networks; warm-up:"), out.toString());
    assertTrue(line.contains("background requests/s: a 0.0 b 3.0"), line);
  }

  @Test
  void refusesSettingsOtherThanTheRuns() throws Exception {
    Path run = labRun();
    int code =
        alm(
            "predict",
            "--lab",
            run.toString(),
            "--load-unit",
            "50",
            "--duration",
            "10s",
            "--out",
            dir.resolve("p").toString());
    assertTrue(code != 0, out.toString() + err);
    assertTrue(err.toString().contains("pass --resolvers 50"), err.toString());
  }
}
