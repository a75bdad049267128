package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alm drl simulate} on keyed scenarios (docs/ratelimit/keys.md), in process. */
class KeyedDrlCommandTest extends CliTest {
  @TempDir Path dir;

  @Test
  void aKeyedBuiltinSimulatesWithoutAnAlgorithmAndWritesItsSummary() throws Exception {
    Path out = dir.resolve("out");
    String small = "builtin:keys-rate?keys=2000&requestsPerSecond=20000&duration=5&pops=4";
    int rc = alm("drl", "simulate", "-s", small, "--out", out.toString());
    assertEquals(0, rc, err.toString());
    JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(4, s.get("scenario").get("pops").asInt());
    JsonNode r = s.get("result");
    assertTrue(r.get("requests").asLong() > 90_000, r.toString());
    assertTrue(r.get("over").get("n").asLong() > 0, r.toString());
    String printed = this.out.toString();
    assertTrue(printed.contains("keys at or over their limit, later windows"), printed);
    assertTrue(printed.contains("kB/s per PoP"), printed);
  }

  @Test
  void aKeyedFileIsReadWithItsFieldsAndBadOnesAreOneLine() throws Exception {
    Path f = dir.resolve("keys.json");
    Files.writeString(
        f,
        "{\"keys\": 500, \"pops\": 2, \"requestsPerSecond\": 4000, \"window\": \"1s\","
            + " \"duration\": 3, \"limit\": 20}");
    assertEquals(
        0, alm("drl", "simulate", "-s", f.toString(), "--out", dir.resolve("o").toString()));
    assertTrue(out.toString().contains("limit 20 per 1s"), out.toString());
    Files.writeString(f, "{\"keys\": 500, \"window\": \"2m\"}");
    int rc = alm("drl", "simulate", "-s", f.toString(), "--out", dir.resolve("p").toString());
    assertEquals(1, rc);
    assertTrue(
        err.toString().contains("keys.json:window: '1s', '1m', '1h' or '1d'"), err.toString());
    int withAlgorithm =
        alm("drl", "simulate", "-s", "builtin:keys-rate", "-a", "share", "--out", dir.toString());
    assertEquals(1, withAlgorithm);
    assertTrue(err.toString().contains("--algorithm: a keyed scenario"), err.toString());
  }

  @Test
  void aClassicScenarioStillNeedsItsAlgorithm() {
    int rc = alm("drl", "simulate", "-s", "builtin:raghavan-baseline", "--out", dir.toString());
    assertEquals(2, rc);
    assertTrue(err.toString().contains("Missing required option: '--algorithm"), err.toString());
  }
}
