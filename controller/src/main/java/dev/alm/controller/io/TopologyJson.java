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
  private static final List<String> FIELDS = List.of("capacity", "demand", "eta", "gamma", "d");
  private static final Set<String> NODE_FIELDS =
      Set.of("id", "capacity", "demand", "eta", "gamma", "d");
  private static final Set<String> TOP = Set.of("nodes", "correlation");

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
    String source = file.toString();
    JsonNode root;
    root = JsonFields.readObject(file);
    JsonFields.of(source, root).only(TOP);
    List<Node> nodes = nodes(root, source);
    List<String> ids = nodes.stream().map(Node::id).toList();
    JsonNode corr = root.get("correlation");
    List<String> notes = new ArrayList<>();
    CorrelationMatrix c;
    if (corr == null || corr.isNull()) {
      throw new InputException(
          source, "correlation", "missing field (a CSV path or an inline matrix)");
    } else if (corr.isTextual()) {
      Path csv = file.toAbsolutePath().getParent().resolve(corr.asText());
      MatrixCsv.Result r = MatrixCsv.read(csv, normalize);
      notes.addAll(r.notes());
      c = match(r.matrix(), ids, csv.toString());
    } else if (corr.isArray()) {
      c = inline((ArrayNode) corr, ids, source, normalize, notes);
    } else {
      throw new InputException(source, "correlation", "expected a CSV path or an array of rows");
    }
    return new Result(new Topology(nodes, c), notes);
  }

  private static List<Node> nodes(JsonNode root, String source) throws InputException {
    JsonNode arr = root.get("nodes");
    if (arr == null || !arr.isArray() || arr.isEmpty()) {
      throw new InputException(
          source, "nodes", "missing or empty: expected an array of node objects");
    }
    List<Node> nodes = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int k = 0; k < arr.size(); k++) {
      String path = "nodes[" + k + "]";
      JsonNode n = arr.get(k);
      if (!n.isObject()) {
        throw new InputException(source, path, "expected an object");
      }
      JsonFields.of(source, path, n).only(NODE_FIELDS);
      JsonNode id = n.get("id");
      if (id == null || !id.isValueNode() || id.asText().isBlank()) {
        throw new InputException(source, path + ".id", "missing or empty node id");
      }
      if (!seen.add(id.asText())) {
        throw new InputException(
            source, path + ".id", "node id '" + id.asText() + "' appears twice");
      }
      double[] v = new double[FIELDS.size()];
      for (int f = 0; f < FIELDS.size(); f++) {
        JsonNode value = n.get(FIELDS.get(f));
        if (value == null || value.isNull()) {
          throw new InputException(source, path + "." + FIELDS.get(f), "missing field");
        }
        if (!value.isNumber()) {
          throw new InputException(
              source, path + "." + FIELDS.get(f), "expected a number, got " + value);
        }
        v[f] = value.asDouble();
        if (!(Math.abs(v[f]) <= MAX_VALUE)) {
          throw new InputException(
              source,
              path + "." + FIELDS.get(f),
              "must be at most " + (long) MAX_VALUE + ", got " + value.asText());
        }
      }
      try {
        nodes.add(new Node(id.asText(), v[0], v[1], v[2], v[3], v[4]));
      } catch (IllegalArgumentException e) {
        throw new InputException(source, path, e.getMessage());
      }
    }
    return nodes;
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

  private static CorrelationMatrix inline(
      ArrayNode arr, List<String> ids, String source, boolean normalize, List<String> notes)
      throws InputException {
    int n = ids.size();
    if (arr.size() != n) {
      throw new InputException(
          source, "correlation", "expected " + n + " rows (one per node), got " + arr.size());
    }
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      String path = "correlation[" + i + "]";
      JsonNode row = arr.get(i);
      if (!row.isArray() || row.size() != n) {
        throw new InputException(source, path, "expected a row of " + n + " numbers");
      }
      double sum = 0;
      for (int j = 0; j < n; j++) {
        JsonNode v = row.get(j);
        double d = v.asDouble(Double.NaN);
        if (!v.isNumber() || !Double.isFinite(d) || d < 0) {
          throw new InputException(
              source, path + "[" + j + "]", "entry must be a finite number >= 0, got " + v);
        }
        m[i][j] = d;
        sum += d;
      }
      if (Math.abs(sum - 1) > CorrelationMatrix.ROW_SUM_TOLERANCE) {
        if (!normalize || sum <= 0) {
          throw new InputException(
              source,
              path,
              "row '"
                  + ids.get(i)
                  + "' sums to "
                  + sum
                  + ", not 1 (use --normalize to rescale rows)");
        }
        for (int j = 0; j < n; j++) {
          m[i][j] /= sum;
        }
        notes.add(
            source
                + ":"
                + path
                + ": row '"
                + ids.get(i)
                + "' summed to "
                + sum
                + " and was normalised");
      }
    }
    try {
      return CorrelationMatrix.of(ids, m);
    } catch (IllegalArgumentException e) {
      throw new InputException(source, "correlation", e.getMessage());
    }
  }

  /**
   * Writes a topology with its matrix inline, or, when {@code matrixFile} is given, writes the
   * matrix CSV beside it and refers to it by file name. Each file is written whole or not at all
   * ({@link AtomicFiles}).
   */
  public static void write(Topology t, Path file, Path matrixFile) throws IOException {
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
    if (matrixFile == null) {
      ArrayNode rows = root.putArray("correlation");
      for (int i = 0; i < t.size(); i++) {
        ArrayNode row = rows.addArray();
        for (double v : t.correlation().row(i)) {
          row.add(v);
        }
      }
    } else {
      AtomicFiles.write(matrixFile, w -> MatrixCsv.write(t.correlation(), w));
      Path rel = file.toAbsolutePath().getParent().relativize(matrixFile.toAbsolutePath());
      root.put("correlation", rel.toString());
    }
    AtomicFiles.write(file, w -> MAPPER.writeValue(w, root));
  }
}
