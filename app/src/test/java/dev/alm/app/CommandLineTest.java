package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The alm command end to end, in process, on real files. */
class CommandLineTest extends CliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void greedyOnFig2LeavesProxyBOverloaded() throws Exception {
    assertEquals(
        0,
        alm(
            "simulate",
            "-t",
            "builtin:paper-fig2",
            "-a",
            "greedy",
            "--steps",
            "300",
            "-o",
            dir.toString()),
        err.toString());
    JsonNode s = JSON.readTree(dir.resolve("summary.json").toFile());
    assertEquals("greedy", s.get("algorithm").asText());
    assertEquals(1.0, s.get("x").get("a").asDouble(), 0.0);
    assertEquals(0.0, s.get("x").get("b").asDouble(), 0.0);
    assertTrue(s.get("S").get("b").asDouble() >= 0.9);
    assertEquals("b", s.get("overloaded").get(0).asText());
    assertTrue(s.get("cost").isNull());
    List<CSVRecord> rows = csv(dir.resolve("trajectory.csv"));
    assertEquals(300 * 2, rows.size());
    assertEquals(
        List.of("step", "node", "x", "S", "T", "mu"), rows.get(0).getParser().getHeaderNames());
  }

  @Test
  void dualOnFig2IsWithinOnePercentOfTheOptimumAndInsideItsBounds() throws Exception {
    Path sim = dir.resolve("dual");
    Path opt = dir.resolve("opt");
    assertEquals(
        0,
        alm("simulate", "-t", "builtin:paper-fig2", "-a", "dual", "-o", sim.toString()),
        err.toString());
    assertEquals(
        0, alm("optimum", "-t", "builtin:paper-fig2", "-o", opt.toString()), err.toString());
    JsonNode s = JSON.readTree(sim.resolve("summary.json").toFile());
    JsonNode o = JSON.readTree(opt.resolve("optimum.json").toFile());
    double cost = s.get("cost").asDouble();
    assertEquals(0, s.get("overloaded").size());
    assertTrue(o.get("lowerBound").asDouble() <= cost, "LP lower bound <= dual cost");
    assertTrue(
        s.get("dualBound").asDouble() <= o.get("upperBound").asDouble(),
        "D(mu) <= optimum upper bound");
    assertTrue(
        Math.abs(cost - o.get("upperBound").asDouble()) <= 0.01 * o.get("upperBound").asDouble());
    assertTrue(o.get("relativeGap").asDouble() <= 1e-4);
  }

  @Test
  void optimumAimedLowersSmallCapacitiesToTheNoiseMargin() throws Exception {
    Path t = dir.resolve("small.json");
    // a proxy of 0.1 load units: 10 requests/s at a load unit of 100, aimed below capacity
    Files.writeString(
        t,
        "{\"nodes\":[{\"id\":\"a\",\"capacity\":0.1,\"demand\":0.4,\"eta\":1,\"gamma\":10,"
            + "\"d\":0.5},{\"id\":\"b\",\"capacity\":2,\"demand\":0.5,\"eta\":1,\"gamma\":10,"
            + "\"d\":0.5}],\"correlation\":[[1,0],[0,1]]}");
    Path full = dir.resolve("full");
    Path aimed = dir.resolve("aimed");
    assertEquals(0, alm("optimum", "-t", t.toString(), "-o", full.toString()), err.toString());
    assertEquals(
        0,
        alm("optimum", "-t", t.toString(), "--aim", "100", "-o", aimed.toString()),
        err.toString());
    JsonNode f = JSON.readTree(full.resolve("optimum.json").toFile());
    JsonNode a = JSON.readTree(aimed.resolve("optimum.json").toFile());
    assertEquals(
        dev.alm.loop.NoiseMargin.capacity(0.1, 100, 1, 1.1), a.get("T").get("a").asDouble(), 1e-12);
    assertTrue(a.get("T").get("a").asDouble() < 0.1, a.toString());
    assertEquals(2, a.get("T").get("b").asDouble(), 1e-12);
    assertTrue(
        a.get("x").get("a").asDouble() < f.get("x").get("a").asDouble(),
        "the aimed optimum sends less to the small proxy: " + a + " " + f);
    assertEquals(2, alm("optimum", "-t", t.toString(), "--aim", "x", "-o", aimed.toString()));
    assertEquals(1, alm("optimum", "-t", t.toString(), "--aim", "-5", "-o", aimed.toString()));
    assertTrue(err.toString().contains("--aim"), err.toString());
  }

  @Test
  void compareWritesTheTableAndThePlot() throws Exception {
    assertEquals(
        0,
        alm("compare", "--loads", "0.5,5", "--runs", "3", "--seed", "2", "-o", dir.toString()),
        err.toString());
    List<CSVRecord> rows = csv(dir.resolve("compare.csv"));
    assertEquals(2, rows.size());
    for (String column :
        List.of(
            "load",
            "dual_cost_mean",
            "dual_cost_std",
            "dual_overloaded_mean",
            "dual_gap_mean",
            "greedy_overloaded_mean",
            "greedy_overloaded_max",
            "dual_iterations_mean")) {
      assertTrue(rows.get(0).isMapped(column), column);
    }
    for (CSVRecord r : rows) {
      assertEquals(0.0, Double.parseDouble(r.get("dual_overloaded_mean")));
      assertTrue(Double.parseDouble(r.get("dual_gap_mean")) < 0.01);
    }
    assertEquals(6, csv(dir.resolve("runs.csv")).size());
    byte[] png = Files.readAllBytes(dir.resolve("compare.png"));
    assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G');
    assertTrue(err.toString().contains("compare: 6/6 runs (100%)"), err.toString());
  }

  @Test
  void stabilityReportsNodeBAtRisk() throws Exception {
    assertEquals(0, alm("stability", "-t", "builtin:paper-fig2", "--json"), err.toString());
    JsonNode r = JSON.readTree(out.toString());
    assertEquals("SAFE", r.get("conditions").get(0).get("risk").asText());
    assertEquals("AT_RISK", r.get("conditions").get(1).get("risk").asText());
    assertEquals("b", r.get("fixedPoints").get(0).get("locallyUncontrollable").get(0).asText());
  }

  @Test
  void badInputIsOneLineWithFileAndReason() throws Exception {
    Path bad = dir.resolve("t.json");
    Files.writeString(
        bad,
        "{\"nodes\":[{\"id\":\"a\",\"capacity\":-1,\"demand\":1,\"eta\":1,\"gamma\":1,\"d\":0}],"
            + "\"correlation\":[[1]]}");
    assertEquals(1, alm("optimum", "-t", bad.toString(), "-o", dir.resolve("o").toString()));
    String msg = err.toString().trim();
    assertEquals(1, msg.lines().count(), msg);
    assertTrue(
        msg.contains(bad.toString())
            && msg.contains("nodes[0]")
            && msg.contains("capacity must be > 0"),
        msg);
    assertTrue(Files.notExists(dir.resolve("o").resolve("optimum.json")));
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertEquals(2, alm("simulate", "-t", "builtin:paper-fig2", "-o", dir.toString()));
    assertTrue(err.toString().contains("--algorithm"), err.toString());
    assertEquals(2, alm("frobnicate"));
  }

  @Test
  void unknownBuiltinIsReported() {
    assertEquals(1, alm("stability", "-t", "builtin:paper-fig9"));
    assertTrue(err.toString().contains("unknown builtin topology 'paper-fig9'"), err.toString());
  }

  private static List<CSVRecord> csv(Path file) throws Exception {
    try (CSVParser p =
        CSVFormat.DEFAULT
            .builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .build()
            .parse(Files.newBufferedReader(file))) {
      return p.getRecords();
    }
  }
}
