package dev.alm.pop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.io.AtomicFiles;
import dev.alm.loop.SavedState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A PoP's persisted state file (JSON): written to a temporary file in the same directory and moved
 * over the old one atomically, so a crash leaves either the old or the new state, never half of
 * one.
 */
public final class StateFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path path;

  public StateFile(Path path) {
    this.path = path;
  }

  public Path path() {
    return path;
  }

  /** Writes the state atomically. */
  public void write(SavedState s) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("pop", s.pop());
    o.put("algorithm", s.algorithm());
    o.put("x", s.x());
    o.put("mu", s.mu());
    o.put("boost", s.boost());
    o.put("lastSign", s.lastSign());
    putNumber(o, "beta", s.beta());
    putNumber(o, "betaStdErr", s.betaStdErr());
    o.put("savedAtMillis", s.savedAtMillis());
    putNumber(o, "demand", s.demand());
    o.put("calm", s.calm());
    putNumber(o, "beaconRate", s.beaconRate());
    Files.createDirectories(path.toAbsolutePath().getParent());
    byte[] bytes = JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(o);
    AtomicFiles.writeAt(path, tmp -> Files.write(tmp, bytes));
  }

  /**
   * The saved state, if the file exists and parses; a file that cannot be read or holds bad values
   * gives {@link Optional#empty()} and the reason in {@code problem[0]}.
   */
  public Optional<SavedState> read(String[] problem) {
    if (!Files.exists(path)) {
      return Optional.empty();
    }
    try {
      JsonNode o = JSON.readTree(path.toFile());
      return Optional.of(
          new SavedState(
              o.path("pop").asText(""),
              o.path("algorithm").asText(""),
              number(o, "x"),
              number(o, "mu"),
              number(o, "boost"),
              o.path("lastSign").asInt(0),
              number(o, "beta"),
              number(o, "betaStdErr"),
              o.path("savedAtMillis").asLong(0),
              number(o, "demand"),
              o.path("calm").asLong(0),
              number(o, "beaconRate")));
    } catch (IOException | IllegalArgumentException e) {
      problem[0] = path + ": " + e.getMessage();
      return Optional.empty();
    }
  }

  private static double number(JsonNode o, String field) {
    JsonNode n = o.get(field);
    return n == null || !n.isNumber() ? Double.NaN : n.asDouble();
  }

  private static void putNumber(ObjectNode o, String field, double v) {
    if (Double.isFinite(v)) {
      o.put(field, v);
    } else {
      o.putNull(field);
    }
  }
}
