package dev.alm.controller.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.io.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TopologyJsonTest {

  private static final String NODES =
      "{\"nodes\":[{\"id\":\"a\",\"capacity\":0.7,\"demand\":1.0,\"eta\":1.0,"
          + "\"gamma\":10.0,\"d\":0.5},{\"id\":\"b\",\"capacity\":0.7,\"demand\":1.0,\"eta\":1.0,\"gamma\":10.0,\"d\":0.5}],";

  @TempDir Path dir;

  @Test
  void readsAMatrixFileRelativeToTheJson() throws Exception {
    Path sub = Files.createDirectories(dir.resolve("net"));
    Files.writeString(sub.resolve("C.csv"), "C,b,a\nb,0.5,0.5\na,0.9,0.1\n");
    Path json = sub.resolve("t.json");
    Files.writeString(json, NODES + "\"correlation\":\"C.csv\"}");
    Topology t = TopologyJson.read(json, false).topology();
    assertEquals(List.of("a", "b"), t.ids());
    assertEquals(0.1, t.correlation().get(0, 0), 0.0);
    assertEquals(0.9, t.correlation().get(0, 1), 0.0);
  }

  @Test
  void readsAnInlineMatrixAndRoundTrips() throws Exception {
    Path json = dir.resolve("t.json");
    Files.writeString(json, NODES + "\"correlation\":[[0.1,0.9],[0.5,0.5]]}");
    Topology t = TopologyJson.read(json, false).topology();
    Topology fig2 = BuiltinTopologies.paperFig2();
    assertEquals(fig2.correlation(), t.correlation());
    assertEquals(fig2.nodes(), t.nodes());
    Path out = dir.resolve("out.json");
    TopologyJson.write(t, out, dir.resolve("out-C.csv"));
    assertEquals(fig2.nodes(), TopologyJson.read(out, false).topology().nodes());
  }

  @Test
  void rejectsBadTopologiesWithFieldAndReason() throws Exception {
    assertError(
        NODES.replace("\"capacity\":0.7,\"demand\"", "\"capacity\":0,\"demand\"")
            + "\"correlation\":[[0.1,0.9],[0.5,0.5]]}",
        "nodes[0]",
        "capacity must be > 0");
    assertError(
        NODES.replace(",\"gamma\":10.0,\"d\":0.5}]", ",\"gamma\":10.0}]")
            + "\"correlation\":[[0.1,0.9],[0.5,0.5]]}",
        "nodes[1].d",
        "missing field");
    assertError(NODES + "\"correlation\":[[0.1,0.9]]}", "correlation", "expected 2 rows");
    assertError(NODES + "\"correlation\":[[0.1,0.8],[0.5,0.5]]}", "correlation[0]", "sums to");
    assertError(
        NODES + "\"correlation\":[[0.1,\"x\"],[0.5,0.5]]}", "correlation[0][1]", "finite number");
    assertError(NODES.substring(0, NODES.length() - 1) + "}", "correlation", "missing field");
    assertError("{\"nodes\": [", "line 1", "invalid JSON");
    assertError(NODES + "\"correlation\":\"missing.csv\"}", "", "no such file");
  }

  @Test
  void rejectsAMatrixFileWithUnknownIds() throws Exception {
    Files.writeString(dir.resolve("C.csv"), ",a,z\na,0.1,0.9\nz,0.5,0.5\n");
    Path json = dir.resolve("t.json");
    Files.writeString(json, NODES + "\"correlation\":\"C.csv\"}");
    InputException e = assertThrows(InputException.class, () -> TopologyJson.read(json, false));
    assertTrue(
        e.getMessage().contains("C.csv") && e.getMessage().contains("unknown node id 'z'"),
        e.getMessage());
  }

  private void assertError(String text, String where, String reason) throws Exception {
    Path json = dir.resolve("bad.json");
    Files.writeString(json, text);
    InputException e = assertThrows(InputException.class, () -> TopologyJson.read(json, false));
    assertTrue(e.where().startsWith(where), "where: " + e.getMessage());
    assertTrue(e.reason().contains(reason), e.getMessage());
  }

  private static final String A =
      "{\"id\":\"a\",\"capacity\":0.7,\"demand\":1.0,\"eta\":1.0,\"gamma\":10.0,\"d\":0.5}";
  private static final String B = A.replace("\"a\"", "\"b\"");
  private static final String MATRIX = "\"correlation\":[[0.1,0.9],[0.5,0.5]]";

  /** A topology of nodes {@code a} and {@code node}, with the inline matrix. */
  private static String withNode(String node) {
    return "{\"nodes\":[" + A + "," + node + "]," + MATRIX + "}";
  }

  private static String withMatrix(String correlation) {
    return "{\"nodes\":[" + A + "," + B + "],\"correlation\":" + correlation + "}";
  }

  /**
   * Each refused topology and its error line: the file's shape, then each refused node field and
   * matrix row; those of {@code normalised-errors.tsv} read with --normalize.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("errorCases")
  void everyErrorLine(String where, String[] c) throws Exception {
    assertEquals(3, c.length, where + ": expected WRAPPER<TAB>INPUT<TAB>ERROR LINE");
    Path json = dir.resolve("bad.json");
    Files.writeString(json, wrap(c[0], c[1]));
    boolean normalize = where.startsWith("normalised-errors.tsv:");
    InputException e =
        assertThrows(InputException.class, () -> TopologyJson.read(json, normalize), where);
    assertEquals(json + ":" + c[2], e.getMessage(), where);
  }

  static Stream<Arguments> errorCases() throws Exception {
    return Stream.of(
            cases("topology-errors.tsv"),
            cases("node-field-and-row-errors.tsv"),
            cases("normalised-errors.tsv"))
        .flatMap(s -> s);
  }

  /**
   * The whole topology: {@code raw} as it is, else with the input as its second node or its matrix.
   */
  private static String wrap(String wrapper, String input) {
    return switch (wrapper) {
      case "raw" -> input;
      case "withNode" -> withNode(input);
      case "withMatrix" -> withMatrix(input);
      default -> throw new IllegalArgumentException("no wrapper " + wrapper);
    };
  }

  @Test
  void readsEachFieldAndNormalisesWhenAsked() throws Exception {
    Path json = dir.resolve("t.json");
    Files.writeString(
        json,
        "{\"correlation\":[[0.25,0.5],[0,1]],\"nodes\":[{\"d\":0,\"gamma\":3,\"eta\":2,"
            + "\"demand\":0,\"capacity\":1e9,\"id\":7},{\"id\":null,\"capacity\":1,\"demand\":2,"
            + "\"eta\":3,\"gamma\":4,\"d\":5}]}");
    TopologyJson.Result r = TopologyJson.read(json, true);
    assertEquals(
        List.of(new Node("7", 1e9, 0, 2, 3, 0), new Node("null", 1, 2, 3, 4, 5)),
        r.topology().nodes());
    assertEquals(
        List.of(json + ":correlation[0]: row '7' summed to 0.75 and was normalised"), r.notes());
    assertEquals(2.0 / 3, r.topology().correlation().get(0, 1), 1e-12);
  }

  @Test
  void readsOddIdsAndNormalisesEveryRow() throws Exception {
    Path json = dir.resolve("t.json");
    Files.writeString(
        json,
        "{\"nodes\":["
            + A.replace("\"a\"", "true")
            + ","
            + A.replace("\"a\"", "-1.5").replace("\"demand\":1.0", "\"demand\":-0.0")
            + "],\"correlation\":[[2,2],[0,0.5]]}");
    TopologyJson.Result r = TopologyJson.read(json, true);
    assertEquals(
        List.of(new Node("true", 0.7, 1, 1, 10, 0.5), new Node("-1.5", 0.7, -0.0, 1, 10, 0.5)),
        r.topology().nodes());
    assertEquals(
        List.of(
            json + ":correlation[0]: row 'true' summed to 4.0 and was normalised",
            json + ":correlation[1]: row '-1.5' summed to 0.5 and was normalised"),
        r.notes());
    assertEquals(0.5, r.topology().correlation().get(0, 1), 0);
    assertEquals(1.0, r.topology().correlation().get(1, 1), 0);
  }

  /**
   * The cases in resource {@code name}, a line each but blank lines and '#' comments: where it
   * stands (file:line), then its tab-separated fields.
   */
  static Stream<Arguments> cases(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of(TopologyJsonTest.class.getResource(name).toURI()));
    return IntStream.range(0, lines.size())
        .filter(i -> !lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
        .mapToObj(i -> Arguments.of(name + ":" + (i + 1), lines.get(i).split("\t", -1)));
  }
}
