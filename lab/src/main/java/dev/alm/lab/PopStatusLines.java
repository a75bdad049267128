package dev.alm.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.loop.Sample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The status lines every lab PoP appends after each control interval ({@code OUT/pops/ID.jsonl},
 * written by {@link LabProcess}), read back as the {@link Sample}s {@code alm cluster} reports.
 */
final class PopStatusLines {
  private PopStatusLines() {}

  /** The last complete line of a PoP's file, or null (none yet, or a line being written). */
  static JsonNode last(ObjectMapper m, Path f) throws IOException {
    if (!Files.exists(f)) {
      return null;
    }
    List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
    for (int k = lines.size() - 1; k >= 0; k--) {
      if (!lines.get(k).isBlank()) {
        try {
          return m.readTree(lines.get(k));
        } catch (IOException e) {
          return null; // a line being written
        }
      }
    }
    return null;
  }

  /**
   * Every PoP's samples from its file, interval by interval (PoPs in topology order), up to the
   * interval every PoP reported.
   */
  static List<Sample> all(Path out, LabTopology t) throws IOException {
    ObjectMapper m = new ObjectMapper();
    Map<String, List<Sample>> byPop = new LinkedHashMap<>();
    for (LabTopology.Pop p : t.pops()) {
      List<Sample> list = new ArrayList<>();
      Path f = out.resolve("pops").resolve(p.id() + ".jsonl");
      if (Files.exists(f)) {
        for (String line : Files.readAllLines(f)) {
          if (!line.isBlank()) {
            list.add(sample(m.readTree(line)));
          }
        }
      }
      byPop.put(p.id(), list);
    }
    List<Sample> all = new ArrayList<>();
    int n = byPop.values().stream().mapToInt(List::size).min().orElse(0);
    for (int k = 0; k < n; k++) {
      for (List<Sample> list : byPop.values()) {
        all.add(list.get(k));
      }
    }
    return all;
  }

  /** One status line as a sample. */
  static Sample sample(JsonNode n) {
    return new Sample(
        n.path("t").asDouble(),
        n.path("pop").asText(),
        n.path("x").asDouble(),
        n.path("mu").asDouble(),
        number(n.path("beta")),
        number(n.path("betaStdErr")),
        number(n.path("S")),
        n.path("T").asDouble(),
        number(n.path("A")),
        n.path("mode").asText(),
        n.path("shed").asLong(),
        n.path("gain").asDouble(),
        number(n.path("guardBound")));
  }

  private static double number(JsonNode n) {
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }
}
