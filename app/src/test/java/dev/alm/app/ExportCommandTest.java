package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alm export} end to end: an offline run's directory, and a PoP address that does not
 * answer.
 */
class ExportCommandTest extends CliTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void exportsASimulationAsCsvAndJson() throws Exception {
    Path sim = dir.resolve("dual");
    assertEquals(
        0,
        alm("simulate", "-t", "builtin:paper-fig2", "-a", "dual", "-o", sim.toString()),
        err.toString());
    JsonNode s = JSON.readTree(sim.resolve("summary.json").toFile());
    out.getBuffer().setLength(0);
    assertEquals(0, alm("export", "--from", sim.toString(), "--format", "csv"), err.toString());
    List<CSVRecord> rows =
        CSVFormat.DEFAULT
            .builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .build()
            .parse(new StringReader(out.toString()))
            .getRecords();
    assertEquals(2, rows.size());
    assertEquals(List.of(ExportCommand.COLUMNS), rows.get(0).getParser().getHeaderNames());
    CSVRecord a = rows.get(0);
    assertEquals("a", a.get("pop"));
    assertEquals(s.get("x").get("a").asDouble(), Double.parseDouble(a.get("x")), 1e-12);
    assertEquals(s.get("beta").get("a").asDouble(), Double.parseDouble(a.get("beta")), 1e-12);
    assertEquals(
        0.1 * s.get("mu").get("a").asDouble() + 0.9 * s.get("mu").get("b").asDouble(),
        Double.parseDouble(a.get("beta")),
        1e-9,
        "beta = C mu (eq. 14)");
    assertEquals("1.0", a.get("A"));
    assertEquals("load units", a.get("units"));

    Path file = dir.resolve("x.json");
    assertEquals(
        0,
        alm("export", "--from", sim.toString(), "--format", "json", "--out", file.toString()),
        err.toString());
    JsonNode j = JSON.readTree(Files.readString(file));
    assertEquals("b", j.get("pops").get(1).get("pop").asText());
    assertEquals(s.get("x").get("b").asDouble(), j.get("pops").get(1).get("x").asDouble(), 1e-12);
    assertEquals("dual", j.get("pops").get(1).get("algorithm").asText());
  }

  @Test
  void badInputIsOneLineWithExitCodeOne() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertEquals(
        1, alm("export", "--from", "127.0.0.1:" + port + ",127.0.0.1:" + port, "--timeout", "1"));
    assertTrue(err.toString().contains("127.0.0.1:" + port + "/status: no answer"), err.toString());
    assertEquals(1, alm("export", "--from", dir.toString(), "--format", "xml"));
    assertTrue(err.toString().contains("--format: expected csv or json"), err.toString());
    assertEquals(1, alm("export", "--from", dir.toString()));
    assertTrue(err.toString().contains("no samples.csv"), err.toString());
  }
}
