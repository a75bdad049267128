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
 * one. The file names its format version, its PoP and its algorithm; {@link #refusal} turns away a
 * file written for another PoP or algorithm, by another format, or holding values no running loop
 * produces (docs/operations/probes.md, "State files").
 */
public final class StateFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The format version this build writes and the only one it restores. */
  public static final int FORMAT = 1;

  /** The largest price mu_i restored: far above any price a loop reaches, far below overflow. */
  public static final double MAX_MU = 1e6;

  /** The largest beta_i (and its standard error) restored. */
  public static final double MAX_BETA = 1e6;

  /** The largest adaptive-step multiplier restored. */
  public static final double MAX_BOOST = 1e6;

  /** The largest demand A_i (load units) and beacon rate (per second) restored. */
  public static final double MAX_RATE = 1e9;

  /** The largest state file read, bytes: a state file is a few hundred bytes. */
  public static final long MAX_BYTES = 64 * 1024;

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
    o.put("format", FORMAT);
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
      if (Files.size(path) > MAX_BYTES) {
        problem[0] = path + ": larger than " + MAX_BYTES + " bytes, not a state file";
        return Optional.empty();
      }
      JsonNode o = JSON.readTree(path.toFile());
      if (o == null || !o.isObject()) {
        problem[0] = path + ": empty or not a JSON object";
        return Optional.empty();
      }
      if (!o.path("format").isInt() || o.get("format").asInt() != FORMAT) {
        problem[0] =
            path
                + ": format "
                + (o.has("format") ? o.get("format").toString() : "missing")
                + ", this build restores format "
                + FORMAT;
        return Optional.empty();
      }
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

  /**
   * Why {@code s} must not be restored by PoP {@code pop} running {@code algorithm}, or null when
   * it may.
   */
  public static String refusal(SavedState s, String pop, String algorithm) {
    if (!s.pop().equals(pop)) {
      return "written by PoP '" + s.pop() + "', this is PoP '" + pop + "'";
    }
    if (!s.algorithm().equals(algorithm)) {
      return "written by the " + s.algorithm() + " loop, this PoP runs " + algorithm;
    }
    if (s.mu() > MAX_MU) {
      return "mu " + s.mu() + " is above " + MAX_MU;
    }
    if (s.boost() > MAX_BOOST) {
      return "boost " + s.boost() + " is above " + MAX_BOOST;
    }
    if (s.lastSign() < -1 || s.lastSign() > 1) {
      return "lastSign must be -1, 0 or 1, got " + s.lastSign();
    }
    if (outside(s.beta(), MAX_BETA) || outside(s.betaStdErr(), MAX_BETA)) {
      return "beta " + s.beta() + " (std err " + s.betaStdErr() + ") outside [0, " + MAX_BETA + "]";
    }
    if (outside(s.demand(), MAX_RATE) || outside(s.beaconRate(), MAX_RATE)) {
      return "demand or beaconRate outside [0, " + MAX_RATE + "]";
    }
    if (s.calm() < 0) {
      return "calm must be >= 0, got " + s.calm();
    }
    if (s.savedAtMillis() <= 0) {
      return "savedAtMillis must be a time after 1970, got " + s.savedAtMillis();
    }
    return null;
  }

  /** True for a number present (not NaN) and outside [0, max]. */
  private static boolean outside(double v, double max) {
    return !Double.isNaN(v) && !(v >= 0 && v <= max);
  }

  /**
   * Removes what a write killed half-way left beside {@code file} (its temporary sibling).
   *
   * @return true if there was one
   */
  public static boolean removeLeftover(Path file) throws IOException {
    return Files.deleteIfExists(AtomicFiles.temporarySibling(file));
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
