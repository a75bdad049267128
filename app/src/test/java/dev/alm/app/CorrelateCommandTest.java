package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.controller.io.MatrixCsv;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** alm correlate and alm traces generate end to end, in process, on real files. */
class CorrelateCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String V4 = "quad9_ipv4_msm12016241";
  private static final String V6 = "quad9_ipv6_msm12016229";

  @TempDir Path dir;

  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  private int alm(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    CommandLine cl = new CommandLine(new AlmCommand());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return Main.configure(cl).execute(args);
  }

  /** Runs alm with {@code args} and asserts it exits 0 (its error output in the failure). */
  private void succeeds(String... args) {
    assertEquals(0, alm(args), err.toString());
  }

  /** The Quad9 fixture of the correlation module's tests (see its README for the source). */
  private static Path quad9() {
    return Path.of("..", "correlation", "src", "test", "resources", "quad9", "observations.csv.gz");
  }

  /** Runs {@code alm correlate --paired file --dns-service dns --http-service http more...}. */
  private int paired(Path file, String dns, String http, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "correlate",
                "--paired",
                file.toString(),
                "--dns-service",
                dns,
                "--http-service",
                http));
    args.addAll(List.of(more));
    return alm(args.toArray(String[]::new));
  }

  @Test
  void quad9ReportTopologyAndDrift() throws Exception {
    Path q = quad9();
    Path o = dir.resolve("q9");
    assertEquals(
        0,
        paired(
            q,
            V4,
            V6,
            "--out",
            o.toString(),
            "--topology-out",
            o.resolve("topology.json").toString(),
            "--capacity",
            "0.7"),
        err.toString());
    assertTrue(err.toString().contains("skipped 0 of 30720 lines in 1 files"), err.toString());
    JsonNode r = JSON.readTree(o.resolve("report.json").toFile());
    assertEquals(93, r.get("nodes").asInt());
    assertEquals(0.778, r.get("diagonal").get("median").asDouble(), 0.001);
    assertEquals(26, r.get("rowsWithFewSamples").asInt());
    assertEquals(4, r.get("emptyRows").asInt());
    assertEquals(1011, r.get("samplesPerRow").get("ams").asInt());
    assertEquals(8668, r.get("inputs").get("pairs").asInt());
    CorrelationMatrix c = MatrixCsv.read(o.resolve("C.csv"), false).matrix();
    assertEquals(93, c.size());
    Topology t = TopologyJson.read(o.resolve("topology.json"), false).topology();
    assertEquals(0.7, t.node(0).capacity());
    assertEquals(c, t.correlation());
    assertEquals(93 * 93 + 1, Files.readAllLines(o.resolve("intervals.csv")).size());

    Path m = dir.resolve("q9m");
    assertEquals(
        0,
        paired(
            q,
            V4,
            V6,
            "--fold",
            "metro",
            "--out",
            m.toString(),
            "--compare",
            "2021-05-15T09:45:00Z",
            "2021-05-22T09:45:00Z"),
        err.toString());
    JsonNode d = JSON.readTree(m.resolve("drift.json").toFile());
    assertEquals(0.134, d.get("dnsSideVantageChanges").get("changedSiteShare").asDouble(), 0.001);
    assertEquals(
        0.050, d.get("dnsSideVantageChanges").get("changedAfterFoldingShare").asDouble(), 0.001);
    assertEquals(87, JSON.readTree(m.resolve("window1/report.json").toFile()).get("nodes").asInt());

    succeeds(
        "correlate",
        "--compare",
        m.resolve("window1").toString(),
        m.resolve("window2").toString(),
        "--out",
        dir.resolve("d2").toString());
    assertEquals(
        d.get("rowsTested").asInt(),
        JSON.readTree(dir.resolve("d2/drift.json").toFile()).get("rowsTested").asInt());
  }

  @Test
  void generatedTracesThroughEveryEstimator() throws Exception {
    Path g = dir.resolve("gen");
    succeeds(
        "traces",
        "generate",
        "--pops",
        "6",
        "--queries",
        "20000",
        "--probes",
        "5000",
        "--vantages",
        "2000",
        "--gzip",
        "--out",
        g.toString());
    succeeds(
        "correlate",
        "--dns",
        g.resolve("dns.csv.gz").toString(),
        "--http",
        g.resolve("http.csv.gz").toString(),
        "--out",
        dir.resolve("b").toString());
    succeeds(
        "correlate",
        "--probes",
        g.resolve("probes.csv.gz").toString(),
        "--out",
        dir.resolve("p").toString(),
        "--topology-out",
        dir.resolve("p/t.json").toString(),
        "--demands",
        g.resolve("demand.csv.gz").toString());
    Topology t = TopologyJson.read(dir.resolve("p/t.json"), false).topology();
    assertTrue(
        t.nodes().stream().allMatch(n -> n.demand() > 0 && n.demand() != 1.0),
        t.nodes().toString());
    JsonNode b = JSON.readTree(dir.resolve("b/report.json").toFile());
    assertEquals(6, b.get("nodes").asInt());
    assertTrue(b.get("inputs").get("joined").asLong() > 5000);
  }

  @Test
  void badInputIsOneLineAndExitCodeOne() throws Exception {
    Path f = dir.resolve("p.csv");
    Files.writeString(
        f,
        "timestamp,vantage_id,service,site\n"
            + "2021-05-15T09:45:00Z,1,a,fra\n2021-05-15T09:45:00Z,1,b,ams\n"
            + "2021-05-15T09:45:00Z,2,a\n"
            + "2021-05-15T09:45:00Z,3,a,fra\n2021-05-15T09:45:00Z,3,b,fra\n");
    assertEquals(0, paired(f, "a", "b", "--out", dir.resolve("o").toString()));
    assertTrue(err.toString().contains(f + ":line 4: expected 4 fields"), err.toString());
    assertTrue(err.toString().contains("skipped 1 of 6 lines"), err.toString());
    assertEquals(1, paired(f, "a", "b", "--strict", "--out", dir.resolve("o2").toString()));
    assertTrue(
        err.toString()
            .endsWith(
                "alm correlate: "
                    + f
                    + ":line 4: expected 4 fields "
                    + "(timestamp,vantage_id,service,site), got 3 (--strict)"
                    + System.lineSeparator()),
        err.toString());
    assertTrue(!Files.exists(dir.resolve("o2/C.csv")));
    assertEquals(
        1,
        alm(
            "correlate",
            "--probes",
            dir.resolve("missing.csv").toString(),
            "--out",
            dir.resolve("o3").toString()));
    assertTrue(err.toString().contains("missing.csv: cannot read: no such file"), err.toString());
    Path empty = Files.writeString(dir.resolve("empty.csv"), "");
    assertEquals(
        1, alm("correlate", "--probes", empty.toString(), "--out", dir.resolve("o4").toString()));
    assertTrue(err.toString().contains("empty file"), err.toString());
    assertTrue(err.toString().contains("alm correlate: no samples"), err.toString());
  }

  @Test
  void sparkIsNotInAlmJar() {
    // alm.jar carries no Spark: the launcher hands --engine spark to ./alm-spark
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("org.apache.spark.sql.SparkSession"));
    int code =
        alm(
            "correlate",
            "--engine",
            "spark",
            "--probes",
            "p.csv",
            "--out",
            dir.resolve("o").toString());
    assertEquals(1, code, err.toString());
    assertEquals(1, err.toString().strip().lines().count(), err.toString());
    assertTrue(
        err.toString().startsWith("alm correlate: --engine spark runs Spark in its own process"),
        err.toString());
    assertTrue(Files.notExists(dir.resolve("o")));
  }

  @Test
  void aHeldBackWindowIsReportedNotFatal() throws Exception {
    // the trace has 2021-05-15 and 2021-05-22; the window of 2021-05-29 is not there
    Path o = dir.resolve("held");
    assertEquals(
        0,
        paired(
            quad9(),
            V4,
            V6,
            "--compare",
            "2021-05-15T09:45:00Z",
            "2021-05-29T09:45:00Z",
            "--out",
            o.toString()),
        err.toString());
    assertTrue(
        out.toString()
            .contains(
                "window 2021-05-29T09:45:00.000Z/2021-05-29T09:50:00.000Z: no samples (its logs held"
                    + " back, or outside the traces)"),
        out.toString());
    JsonNode second = JSON.readTree(o.resolve("window2/report.json").toFile());
    assertEquals(0, second.get("samples").asLong());
    assertEquals(second.get("nodes").asInt(), second.get("emptyRows").asInt());
    JsonNode drift = JSON.readTree(o.resolve("drift.json").toFile());
    assertEquals(0, drift.get("windowSamples").get(1).asLong());
    assertTrue(drift.get("windowSamples").get(0).asLong() > 4000, drift.toString());
    assertEquals(0, drift.get("rowsTested").asInt());
  }
}
