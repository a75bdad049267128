package dev.alm.ratelimit.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads a communication graph from a builtin name or a file (docs/drl-design/graphs.md, "Graph
 * files").
 *
 * <ul>
 *   <li>{@code builtin:ring?n=N}, {@code builtin:complete?n=N}, {@code builtin:star?n=N}, {@code
 *       builtin:path?n=N}, {@code builtin:regular?n=N&d=D[&seed=S]} (see {@link Graphs}), and the
 *       two 10-server graphs of paper 003's Example 2, {@code builtin:siami-tree} and {@code
 *       builtin:siami-tree-plus} (see {@link SiamiGraphs}).
 *   <li>A CSV edge list ({@code .csv}): header {@code a,b} or {@code a,b,weight}, then one link per
 *       line; nodes are numbered 0..n-1 and every node must appear; blank lines and lines starting
 *       with {@code #} are skipped.
 *   <li>A JSON file ({@code .json}): {@code {"nodes": n, "edges": [[a, b], [a, b, weight], ...]}}.
 * </ul>
 *
 * Bad files are rejected with an {@link InputException} naming the file, the line or field, and the
 * reason.
 */
public final class GraphSource {

  /** Seed of {@code builtin:regular} when none is given. */
  public static final long DEFAULT_SEED = 1L;

  private GraphSource() {}

  /** A builtin graph or a graph file, by spec. */
  public static CommunicationGraph load(String spec) throws InputException {
    if (spec.startsWith("builtin:")) {
      return builtin(spec);
    }
    Path file = Path.of(spec);
    String name = file.getFileName() == null ? spec : file.getFileName().toString();
    if (name.endsWith(".json")) {
      return json(file);
    }
    if (name.endsWith(".csv")) {
      return csv(file);
    }
    throw new InputException(spec, "", "a graph file must end in .csv or .json, or use builtin:");
  }

  /** A builtin graph such as {@code builtin:regular?n=100&d=4&seed=7}. */
  public static CommunicationGraph builtin(String spec) throws InputException {
    BuiltinQuery query = BuiltinQuery.parse(spec);
    String kind = query.name();
    Map<String, String> params = query.params();
    try {
      switch (kind) {
        case "ring":
          return Graphs.ring(intParam(spec, params, "n", List.of("n")));
        case "path":
          return Graphs.path(intParam(spec, params, "n", List.of("n")));
        case "complete":
          return Graphs.complete(intParam(spec, params, "n", List.of("n")));
        case "star":
          return Graphs.star(intParam(spec, params, "n", List.of("n")));
        case "regular":
          {
            List<String> known = List.of("n", "d", "seed");
            int n = intParam(spec, params, "n", known);
            int d = intParam(spec, params, "d", known);
            long seed =
                params.containsKey("seed")
                    ? longValue(spec, "seed", params.get("seed"))
                    : DEFAULT_SEED;
            return Graphs.regular(n, d, seed);
          }
        case "siami-tree":
          noParams(spec, params);
          return SiamiGraphs.tree();
        case "siami-tree-plus":
          noParams(spec, params);
          return SiamiGraphs.treePlus();
        default:
          throw new InputException(
              spec,
              "",
              "unknown builtin graph (known: ring, path, complete, star, regular, siami-tree,"
                  + " siami-tree-plus)");
      }
    } catch (IllegalArgumentException e) {
      throw new InputException(spec, "", e.getMessage());
    }
  }

  private static void noParams(String spec, Map<String, String> params) throws InputException {
    if (!params.isEmpty()) {
      throw new InputException(spec, params.keySet().iterator().next(), "takes no parameters");
    }
  }

  private static int intParam(String spec, Map<String, String> p, String name, List<String> known)
      throws InputException {
    for (String k : p.keySet()) {
      if (!known.contains(k)) {
        throw new InputException(spec, k, "unknown parameter (known: " + known + ")");
      }
    }
    String v = p.get(name);
    if (v == null) {
      throw new InputException(spec, name, "missing parameter");
    }
    long x = longValue(spec, name, v);
    if (x < 1 || x > 1_000_000) {
      throw new InputException(spec, name, "must be in 1..1000000, got " + v);
    }
    return (int) x;
  }

  private static long longValue(String spec, String name, String v) throws InputException {
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new InputException(spec, name, "not an integer: " + v);
    }
  }

  /** Reads a CSV edge list. */
  public static CommunicationGraph csv(Path file) throws InputException {
    String name = file.toString();
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new InputException(name, "", "cannot read: " + e.getMessage());
    }
    int lineNo = 0;
    boolean header = false;
    boolean weighted = false;
    List<Edge> edges = new ArrayList<>();
    List<Integer> lineOf = new ArrayList<>();
    int maxNode = -1;
    for (String raw : lines) {
      lineNo++;
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split(",", -1);
      for (int k = 0; k < f.length; k++) {
        f[k] = f[k].strip();
      }
      if (!header) {
        if (f.length == 2 && f[0].equals("a") && f[1].equals("b")) {
          weighted = false;
        } else if (f.length == 3 && f[0].equals("a") && f[1].equals("b") && f[2].equals("weight")) {
          weighted = true;
        } else {
          throw new InputException(
              name, "line " + lineNo, "expected the header a,b or a,b,weight, got: " + line);
        }
        header = true;
        continue;
      }
      int expected = weighted ? 3 : 2;
      if (f.length != expected) {
        throw new InputException(
            name, "line " + lineNo, "expected " + expected + " fields, got " + f.length);
      }
      int a = node(name, lineNo, "a", f[0]);
      int b = node(name, lineNo, "b", f[1]);
      double w = 1.0;
      if (weighted) {
        try {
          w = Double.parseDouble(f[2]);
        } catch (NumberFormatException e) {
          throw new InputException(name, "line " + lineNo + " weight", "not a number: " + f[2]);
        }
      }
      edges.add(edge(name, "line " + lineNo, a, b, w));
      lineOf.add(lineNo);
      maxNode = Math.max(maxNode, Math.max(a, b));
    }
    if (!header) {
      throw new InputException(name, "", "empty file: expected the header a,b or a,b,weight");
    }
    List<String> where = new ArrayList<>();
    for (int l : lineOf) {
      where.add("line " + l);
    }
    return build(name, maxNode + 1, edges, where);
  }

  /** Reads a JSON graph {@code {"nodes": n, "edges": [[a, b], [a, b, w], ...]}}. */
  public static CommunicationGraph json(Path file) throws InputException {
    JsonFields root = JsonFields.read(file).only(Set.of("nodes", "edges"));
    String name = file.toString();
    JsonNode tree = JsonFields.readObject(file);
    JsonNode nodes = tree.get("nodes");
    if (nodes == null || !nodes.canConvertToInt() || !nodes.isIntegralNumber()) {
      throw root.error("nodes", "expected a whole number of nodes");
    }
    int n = nodes.asInt();
    if (n < 1) {
      throw root.error("nodes", "must be >= 1, got " + n);
    }
    JsonNode arr = tree.get("edges");
    if (arr == null || !arr.isArray()) {
      throw root.error("edges", "expected an array of [a, b] or [a, b, weight]");
    }
    List<Edge> edges = new ArrayList<>();
    List<String> where = new ArrayList<>();
    for (int k = 0; k < arr.size(); k++) {
      String at = "edges[" + k + "]";
      JsonNode e = arr.get(k);
      if (!e.isArray() || e.size() < 2 || e.size() > 3) {
        throw new InputException(name, at, "expected [a, b] or [a, b, weight]");
      }
      int[] ab = new int[2];
      for (int m = 0; m < 2; m++) {
        JsonNode x = e.get(m);
        if (!x.isIntegralNumber() || !x.canConvertToInt() || x.asInt() < 0) {
          throw new InputException(name, at + "[" + m + "]", "expected a node number >= 0");
        }
        ab[m] = x.asInt();
        if (ab[m] >= n) {
          throw new InputException(
              name, at + "[" + m + "]", "node " + ab[m] + " outside 0.." + (n - 1));
        }
      }
      double w = 1.0;
      if (e.size() == 3) {
        if (!e.get(2).isNumber()) {
          throw new InputException(name, at + "[2]", "expected a number (the weight)");
        }
        w = e.get(2).asDouble();
      }
      edges.add(edge(name, at, ab[0], ab[1], w));
      where.add(at);
    }
    return build(name, n, edges, where);
  }

  private static int node(String file, int line, String field, String v) throws InputException {
    try {
      int x = Integer.parseInt(v);
      if (x < 0) {
        throw new InputException(file, "line " + line + " " + field, "node must be >= 0: " + v);
      }
      return x;
    } catch (NumberFormatException e) {
      throw new InputException(file, "line " + line + " " + field, "not a node number: " + v);
    }
  }

  private static Edge edge(String file, String where, int a, int b, double w)
      throws InputException {
    try {
      return new Edge(a, b, w);
    } catch (IllegalArgumentException e) {
      throw new InputException(file, where, e.getMessage());
    }
  }

  private static CommunicationGraph build(String file, int n, List<Edge> edges, List<String> where)
      throws InputException {
    Map<Long, Integer> seen = new HashMap<>();
    for (int k = 0; k < edges.size(); k++) {
      Edge e = edges.get(k);
      Integer before = seen.put((long) e.a() * n + e.b(), k);
      if (before != null) {
        throw new InputException(
            file,
            where.get(k),
            "link " + e.a() + "," + e.b() + " repeats the link at " + where.get(before));
      }
    }
    if (edges.isEmpty() && n > 1) {
      throw new InputException(file, "", "no links");
    }
    try {
      return CommunicationGraph.of(n, edges);
    } catch (IllegalArgumentException e) {
      throw new InputException(file, "", e.getMessage());
    }
  }
}
