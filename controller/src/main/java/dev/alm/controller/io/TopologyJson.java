package dev.alm.controller.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.io.AtomicFiles;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The topology JSON file:
 *
 * <pre>{"nodes":[{"id":"a","capacity":0.7,"demand":1.0,"eta":1.0,"gamma":10.0,"d":0.5}, ...],
 *  "correlation":"C.csv"}</pre>
 *
 * {@code correlation} is a matrix CSV path relative to the JSON file ({@link MatrixCsv}) or an
 * inline array of rows in node order. Every field of a node is required. Errors name the file, the
 * field path (and the line, for JSON syntax errors) and the reason; nothing is returned unless the
 * whole topology is valid.
 */
public final class TopologyJson {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String MISSING = "missing field";

  /** What a node's fields are read onto: its builder, and the ids taken by the nodes before it. */
  private record NodeEntry(Node.Builder b, Set<String> taken) {}

  /** What the file is read onto: where it is, how rows are taken, and what is read. */
  private static final class Target {
    final Path file;
    final boolean normalize;
    final List<String> notes = new ArrayList<>();
    List<Node> nodes;
    CorrelationMatrix correlation;

    Target(Path file, boolean normalize) {
      this.file = file;
      this.normalize = normalize;
    }
  }

  /** A node's fields, every one required; a null id is the text "null", as it always was. */
  private static final JsonBinding<NodeEntry> NODE =
      JsonBinding.<NodeEntry>builder()
          .nullable("id", TopologyJson::id)
          .check(
              (f, e) -> {
                if (!f.node().has("id")) {
                  throw f.error("id", "missing or empty node id");
                }
              })
          .required("capacity", MISSING, (f, n, e) -> e.b().capacity(value(f, n)))
          .required("demand", MISSING, (f, n, e) -> e.b().demand(value(f, n)))
          .required("eta", MISSING, (f, n, e) -> e.b().eta(value(f, n)))
          .required("gamma", MISSING, (f, n, e) -> e.b().gamma(value(f, n)))
          .required("d", MISSING, (f, n, e) -> e.b().d(value(f, n)))
          .build();

  private static final JsonBinding<Target> TOP =
      JsonBinding.<Target>builder()
          .required(
              "nodes",
              "missing or empty: expected an array of node objects",
              (f, n, t) -> t.nodes = nodes(f, n))
          .required(
              "correlation",
              "missing field (a CSV path or an inline matrix)",
              TopologyJson::correlation)
          .build();

  /**
   * Largest capacity, demand, eta, gamma or d read: a billion requests/s or cost units is beyond
   * any PoP, and prices computed from larger values overflow.
   */
  public static final double MAX_VALUE = 1e9;

  private TopologyJson() {}

  /** A topology and the notes of reading it (for example rows that were normalised). */
  public record Result(Topology topology, List<String> notes) {
    public Result {
      notes = List.copyOf(notes);
    }
  }

  /** Reads a topology file; {@code normalize} rescales matrix rows that do not sum to 1. */
  public static Result read(Path file, boolean normalize) throws InputException {
    JsonFields f = JsonFields.of(file.toString(), JsonFields.readObject(file));
    Target t = TOP.read(f, new Target(file, normalize));
    return new Result(new Topology(t.nodes, t.correlation), t.notes);
  }

  private static List<Node> nodes(JsonFields top, String field) throws InputException {
    JsonNode arr = top.node().get(field);
    if (!arr.isArray() || arr.isEmpty()) {
      throw top.error(field, "missing or empty: expected an array of node objects");
    }
    List<Node> nodes = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int k = 0; k < arr.size(); k++) {
      Node.Builder b = NODE.read(top.element(field, k), new NodeEntry(Node.builder(), seen)).b();
      try {
        nodes.add(b.build());
      } catch (IllegalArgumentException e) {
        throw top.error(field + "[" + k + "]", e.getMessage());
      }
    }
    return nodes;
  }

  /** A node's id: any value but an empty one, and not one taken before. */
  private static void id(JsonFields f, String field, NodeEntry e) throws InputException {
    JsonNode id = f.node().get(field);
    if (!id.isValueNode() || id.asText().isBlank()) {
      throw f.error(field, "missing or empty node id");
    }
    if (!e.taken().add(id.asText())) {
      throw f.error(field, "node id '" + id.asText() + "' appears twice");
    }
    e.b().id(id.asText());
  }

  /** A node's number: at most {@link #MAX_VALUE} in magnitude. */
  private static double value(JsonFields f, String field) throws InputException {
    JsonNode value = f.node().get(field);
    if (!value.isNumber()) {
      throw f.error(field, "expected a number, got " + value);
    }
    double v = value.asDouble();
    if (!(Math.abs(v) <= MAX_VALUE)) {
      throw f.error(field, "must be at most " + (long) MAX_VALUE + ", got " + value.asText());
    }
    return v;
  }

  /** The matrix: a CSV file named relative to the topology file, or rows inline. */
  private static void correlation(JsonFields f, String field, Target t) throws InputException {
    JsonNode corr = f.node().get(field);
    List<String> ids = t.nodes.stream().map(Node::id).toList();
    if (corr.isTextual()) {
      Path csv = t.file.toAbsolutePath().getParent().resolve(corr.asText());
      MatrixCsv.Result r = MatrixCsv.read(csv, t.normalize);
      t.notes.addAll(r.notes());
      t.correlation = match(r.matrix(), ids, csv.toString());
    } else if (corr.isArray()) {
      t.correlation = rows(f, field, ids, t);
    } else {
      throw f.error(field, "expected a CSV path or an array of rows");
    }
  }

  private static CorrelationMatrix match(CorrelationMatrix c, List<String> ids, String csv)
      throws InputException {
    for (String id : c.ids()) {
      if (!ids.contains(id)) {
        throw new InputException(
            csv, "line 1", "unknown node id '" + id + "' (not in the topology's nodes)");
      }
    }
    for (String id : ids) {
      if (c.indexOf(id) < 0) {
        throw new InputException(
            csv, "line 1", "node '" + id + "' of the topology has no row and column");
      }
    }
    return c.reorder(ids);
  }

  /** The matrix inline: one row per node, in node order; rows are rescaled if asked. */
  private static CorrelationMatrix rows(JsonFields f, String field, List<String> ids, Target t)
      throws InputException {
    JsonNode arr = f.node().get(field);
    int n = ids.size();
    if (arr.size() != n) {
      throw f.error(field, "expected " + n + " rows (one per node), got " + arr.size());
    }
    double[][] m = new double[n][];
    for (int i = 0; i < n; i++) {
      String path = field + "[" + i + "]";
      m[i] = summingToOne(f, path, ids.get(i), row(f, path, arr.get(i), n), t);
    }
    try {
      return CorrelationMatrix.of(ids, m);
    } catch (IllegalArgumentException e) {
      throw f.error(field, e.getMessage());
    }
  }

  /** Row {@code path}: n entries, each a finite number at least 0. */
  private static double[] row(JsonFields f, String path, JsonNode row, int n)
      throws InputException {
    if (!row.isArray() || row.size() != n) {
      throw f.error(path, "expected a row of " + n + " numbers");
    }
    double[] out = new double[n];
    for (int j = 0; j < n; j++) {
      JsonNode v = row.get(j);
      double d = v.asDouble(Double.NaN);
      if (!v.isNumber() || !Double.isFinite(d) || d < 0) {
        throw f.error(path + "[" + j + "]", "entry must be a finite number >= 0, got " + v);
      }
      out[j] = d;
    }
    return out;
  }

  /**
   * Row {@code path} of node {@code id} if it sums to 1; else rescaled to, with a note, when the
   * file is read with normalisation and the sum is above 0.
   */
  private static double[] summingToOne(JsonFields f, String path, String id, double[] row, Target t)
      throws InputException {
    double sum = 0;
    for (double d : row) {
      sum += d;
    }
    if (Math.abs(sum - 1) <= CorrelationMatrix.ROW_SUM_TOLERANCE) {
      return row;
    }
    if (!t.normalize || sum <= 0) {
      throw f.error(
          path, "row '" + id + "' sums to " + sum + ", not 1 (use --normalize to rescale rows)");
    }
    for (int j = 0; j < row.length; j++) {
      row[j] /= sum;
    }
    t.notes.add(
        f.file()
            + ":"
            + f.where(path)
            + ": row '"
            + id
            + "' summed to "
            + sum
            + " and was normalised");
    return row;
  }

  /**
   * Writes a topology with its matrix inline, or, when {@code matrixFile} is given, writes the
   * matrix CSV beside it and refers to it by file name. Each file is written whole or not at all
   * ({@link AtomicFiles}).
   */
  public static void write(Topology t, Path file, Path matrixFile) throws IOException {
    ObjectNode root = toJson(t);
    if (matrixFile != null) {
      AtomicFiles.write(matrixFile, w -> MatrixCsv.write(t.correlation(), w));
      Path rel = file.toAbsolutePath().getParent().relativize(matrixFile.toAbsolutePath());
      root.put("correlation", rel.toString());
    }
    AtomicFiles.write(file, w -> MAPPER.writeValue(w, root));
  }

  /** A topology as this format's JSON document, its matrix inline. */
  public static ObjectNode toJson(Topology t) {
    ObjectNode root = MAPPER.createObjectNode();
    ArrayNode nodes = root.putArray("nodes");
    for (Node n : t.nodes()) {
      ObjectNode o = nodes.addObject();
      o.put("id", n.id());
      o.put("capacity", n.capacity());
      o.put("demand", n.demand());
      o.put("eta", n.eta());
      o.put("gamma", n.gamma());
      o.put("d", n.d());
    }
    ArrayNode rows = root.putArray("correlation");
    for (int i = 0; i < t.size(); i++) {
      ArrayNode row = rows.addArray();
      for (double v : t.correlation().row(i)) {
        row.add(v);
      }
    }
    return root;
  }
}
