package dev.alm.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.io.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the final redirection state of an offline run from its output directory:
 *
 * <ul>
 *   <li>{@code alm cluster}: the last interval of {@code samples.csv}
 *       (t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain[,guard]; S, T, A in requests/s), or,
 *       without it, the final x and mu of {@code summary.json};
 *   <li>{@code alm simulate}: {@code summary.json} (x, S, T, mu, and A and beta where the run wrote
 *       them; load units), or, without it, the last step of {@code trajectory.csv}
 *       (step,node,x,S,T,mu).
 * </ul>
 *
 * A bad file is reported with its name, the line or field, and the reason.
 */
public final class RunDirectory {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RunDirectory() {}

  /** The rows of the run in {@code dir}, in the run's PoP order. */
  public static List<Redirection> read(Path dir) throws InputException, IOException {
    if (!Files.isDirectory(dir)) {
      throw new InputException(dir.toString(), "", "not a directory");
    }
    Path samples = dir.resolve("samples.csv");
    Path summary = dir.resolve("summary.json");
    Path trajectory = dir.resolve("trajectory.csv");
    if (Files.isRegularFile(samples)) {
      return clusterSamples(samples);
    }
    if (Files.isRegularFile(summary)) {
      return summary(summary);
    }
    if (Files.isRegularFile(trajectory)) {
      return trajectory(trajectory);
    }
    throw new InputException(
        dir.toString(),
        "",
        "no samples.csv (alm cluster), summary.json or trajectory.csv (alm simulate) in it");
  }

  /** The last interval of a cluster's samples.csv. */
  static List<Redirection> clusterSamples(Path file) throws InputException, IOException {
    Map<String, String[]> last =
        lastRows(
            file,
            List.of(
                "t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain,guard",
                "t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain"),
            1,
            0);
    List<Redirection> rows = new ArrayList<>();
    for (String[] f : last.values()) {
      rows.add(
          new Redirection(
              file.toString(),
              f[1],
              algorithmOf(file.getParent()),
              f[9],
              unit(file, f, 2),
              value(f[3]),
              value(f[4]),
              value(f[6]),
              value(f[7]),
              value(f[8]),
              Redirection.REQUESTS_PER_SECOND));
    }
    return rows;
  }

  /** The last step of a simulation's trajectory.csv. */
  static List<Redirection> trajectory(Path file) throws InputException, IOException {
    Map<String, String[]> last = lastRows(file, List.of("step,node,x,S,T,mu"), 1, 0);
    List<Redirection> rows = new ArrayList<>();
    for (String[] f : last.values()) {
      rows.add(
          new Redirection(
              file.toString(),
              f[1],
              null,
              null,
              unit(file, f, 2),
              value(f[5]),
              null,
              value(f[3]),
              value(f[4]),
              null,
              Redirection.LOAD_UNITS));
    }
    return rows;
  }

  /** A cluster's or a simulation's summary.json. */
  static List<Redirection> summary(Path file) throws InputException, IOException {
    JsonNode n;
    try {
      n = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new InputException(file.toString(), "", "not JSON: " + e.getMessage());
    }
    String algorithm = n.path("algorithm").isTextual() ? n.get("algorithm").asText() : null;
    List<Redirection> rows = new ArrayList<>();
    if (n.path("pops").isObject()) {
      // alm cluster: pops.<id>.x, mu; loads only as ratios
      var it = n.get("pops").fields();
      while (it.hasNext()) {
        var e = it.next();
        JsonNode p = e.getValue();
        rows.add(
            new Redirection(
                file.toString(),
                e.getKey(),
                algorithm,
                null,
                x(file, "pops." + e.getKey(), p.get("x")),
                number(p, "mu"),
                null,
                null,
                null,
                null,
                Redirection.REQUESTS_PER_SECOND));
      }
      return rows;
    }
    if (!n.path("x").isObject()) {
      throw new InputException(
          file.toString(),
          "x",
          "expected an object of x by PoP id (alm simulate) or pops " + "(alm cluster)");
    }
    var it = n.get("x").fields();
    while (it.hasNext()) {
      var e = it.next();
      String id = e.getKey();
      rows.add(
          new Redirection(
              file.toString(),
              id,
              algorithm,
              null,
              x(file, "x." + id, e.getValue()),
              number(n.path("mu"), id),
              number(n.path("beta"), id),
              number(n.path("S"), id),
              number(n.path("T"), id),
              number(n.path("A"), id),
              Redirection.LOAD_UNITS));
    }
    return rows;
  }

  private static double x(Path file, String field, JsonNode v) throws InputException {
    if (v == null || !v.isNumber() || !(v.asDouble() >= 0 && v.asDouble() <= 1)) {
      throw new InputException(file.toString(), field, "expected a number in [0, 1], got " + v);
    }
    return v.asDouble();
  }

  private static Double number(JsonNode n, String field) {
    JsonNode v = n == null ? null : n.get(field);
    return v != null && v.isNumber() ? v.asDouble() : null;
  }

  private static String algorithmOf(Path dir) {
    Path s = dir == null ? null : dir.resolve("summary.json");
    if (s == null || !Files.isRegularFile(s)) {
      return null;
    }
    try {
      JsonNode n = JSON.readTree(s.toFile());
      return n.path("algorithm").isTextual() ? n.get("algorithm").asText() : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The last row per id of a CSV with one of the given headers (the newest first; older versions of
   * the file after it), where the rows of one time step are consecutive and the time column
   * increases: the rows of the largest time value, in file order.
   */
  private static Map<String, String[]> lastRows(
      Path file, List<String> headers, int idColumn, int timeColumn)
      throws InputException, IOException {
    Map<String, String[]> last = new LinkedHashMap<>();
    String lastTime = null;
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line = r.readLine();
      if (line == null || !headers.contains(line.trim())) {
        throw new InputException(
            file.toString(), "line 1", "expected the header " + headers.get(0) + ", got " + line);
      }
      int columns = line.trim().split(",", -1).length;
      int no = 1;
      while ((line = r.readLine()) != null) {
        no++;
        if (line.isBlank()) {
          continue;
        }
        String[] f = line.split(",", -1);
        if (f.length != columns) {
          throw new InputException(
              file.toString(), "line " + no, "expected " + columns + " fields, got " + f.length);
        }
        if (!f[timeColumn].equals(lastTime)) {
          last.clear();
          lastTime = f[timeColumn];
        }
        last.put(f[idColumn], Arrays.copyOf(f, f.length));
        last.get(f[idColumn])[0] = "line " + no;
      }
    }
    if (last.isEmpty()) {
      throw new InputException(file.toString(), "", "no rows");
    }
    return last;
  }

  private static double unit(Path file, String[] f, int column) throws InputException {
    Double v = value(f[column]);
    if (v == null || !(v >= 0 && v <= 1)) {
      throw new InputException(
          file.toString(), f[0], "x must be a number in [0, 1], got '" + f[column] + "'");
    }
    return v;
  }

  private static Double value(String s) {
    try {
      double v = Double.parseDouble(s.trim());
      return Double.isFinite(v) ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
