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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void everyErrorLine() throws Exception {
    String[][] cases = {
      {"{\"x\":1}", "x: unknown field (known: correlation, nodes)"},
      {"{}", "nodes: missing or empty: expected an array of node objects"},
      {"{\"nodes\":null}", "nodes: missing or empty: expected an array of node objects"},
      {"{\"nodes\":{}}", "nodes: missing or empty: expected an array of node objects"},
      {
        "{\"nodes\":[]," + MATRIX + "}",
        "nodes: missing or empty: expected an array of node objects"
      },
      {"{\"nodes\":[1]}", "nodes[0]: expected an object"},
      {
        withNode("{\"x\":1}"),
        "nodes[1].x: unknown field (known: capacity, d, demand, eta, gamma, id)"
      },
      {withNode("{}"), "nodes[1].id: missing or empty node id"},
      {withNode("{\"id\":\" \"}"), "nodes[1].id: missing or empty node id"},
      {withNode("{\"id\":[]}"), "nodes[1].id: missing or empty node id"},
      {withNode("{\"id\":\"\",\"capacity\":\"x\"}"), "nodes[1].id: missing or empty node id"},
      {withNode("{\"id\":null}"), "nodes[1].capacity: missing field"},
      {withNode("{\"id\":\"a\"}"), "nodes[1].id: node id 'a' appears twice"},
      {withNode("{\"id\":\"b\",\"capacity\":null}"), "nodes[1].capacity: missing field"},
      {
        withNode("{\"id\":\"b\",\"capacity\":\"x\"}"),
        "nodes[1].capacity: expected a number, got \"x\""
      },
      {
        withNode("{\"id\":\"b\",\"capacity\":1e10}"),
        "nodes[1].capacity: must be at most 1000000000, got 1.0E10"
      },
      {
        withNode(B.replace("\"demand\":1.0", "\"demand\":-2e9")),
        "nodes[1].demand: must be at most 1000000000, got -2.0E9"
      },
      {
        withNode(B.replace("\"eta\":1.0", "\"eta\":true")),
        "nodes[1].eta: expected a number, got true"
      },
      {withNode(B.replace(",\"gamma\":10.0", "")), "nodes[1].gamma: missing field"},
      {withNode(B.replace("\"d\":0.5", "\"d\":[1]")), "nodes[1].d: expected a number, got [1]"},
      {
        withNode(B.replace("\"capacity\":0.7", "\"capacity\":0")),
        "nodes[1]: node b: capacity must be > 0, got 0.0"
      },
      {withNode(B.replace("\"d\":0.5", "\"d\":-1")), "nodes[1]: node b: d must be >= 0, got -1.0"},
      {"{\"nodes\":[" + A + "]}", "correlation: missing field (a CSV path or an inline matrix)"},
      {
        "{\"nodes\":[" + A + "],\"correlation\":null}",
        "correlation: missing field (a CSV path or an inline matrix)"
      },
      {withMatrix("5"), "correlation: expected a CSV path or an array of rows"},
      {withMatrix("{}"), "correlation: expected a CSV path or an array of rows"},
      {"{\"correlation\":5,\"nodes\":[" + A + ",{}]}", "nodes[1].id: missing or empty node id"},
      {withMatrix("[[1,0]]"), "correlation: expected 2 rows (one per node), got 1"},
      {withMatrix("[[1],[0,1]]"), "correlation[0]: expected a row of 2 numbers"},
      {withMatrix("[[1,0],5]"), "correlation[1]: expected a row of 2 numbers"},
      {
        withMatrix("[[1,-0.5],[0,1]]"),
        "correlation[0][1]: entry must be a finite number >= 0, got -0.5"
      },
      {
        withMatrix("[[1,0],[null,1]]"),
        "correlation[1][0]: entry must be a finite number >= 0, got null"
      },
      {
        withMatrix("[[0.25,0.5],[0,1]]"),
        "correlation[0]: row 'a' sums to 0.75, not 1 (use --normalize to rescale rows)"
      },
    };
    Path json = dir.resolve("bad.json");
    for (String[] c : cases) {
      Files.writeString(json, c[0]);
      InputException e = assertThrows(InputException.class, () -> TopologyJson.read(json, false));
      assertEquals(json + ":" + c[1], e.getMessage(), c[0]);
    }
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

  /** Each refused node field and matrix row, unnormalised and normalised, and its error line. */
  @Test
  void everyNodeFieldAndRowErrorLine() throws Exception {
    String[][] cases = {
      {
        withNode("{\"x\":1,\"id\":\"\"}"),
        "nodes[1].x: unknown field (known: capacity, d, demand, eta, gamma, id)"
      },
      {withNode("{\"id\":{}}"), "nodes[1].id: missing or empty node id"},
      {withNode("{\"id\":\"\"}"), "nodes[1].id: missing or empty node id"},
      {
        withNode(B.replace("\"b\"", "\"a\"").replace("\"capacity\":0.7", "\"capacity\":\"x\"")),
        "nodes[1].id: node id 'a' appears twice"
      },
      {
        "{\"nodes\":[" + A.replace("\"a\"", "null") + "," + A.replace("\"a\"", "null") + "]}",
        "nodes[1].id: node id 'null' appears twice"
      },
      {withNode("{\"id\":\"b\",\"d\":\"x\"}"), "nodes[1].capacity: missing field"},
      {
        withNode("{\"id\":\"b\",\"capacity\":\"x\",\"demand\":\"y\"}"),
        "nodes[1].capacity: expected a number, got \"x\""
      },
      {
        withNode(B.replace("\"capacity\":0.7", "\"capacity\":{}")),
        "nodes[1].capacity: expected a number, got {}"
      },
      {
        withNode(B.replace("\"capacity\":0.7", "\"capacity\":1e400")),
        "nodes[1].capacity: must be at most 1000000000, got Infinity"
      },
      {
        withNode(B.replace("\"capacity\":0.7", "\"capacity\":1000000001")),
        "nodes[1].capacity: must be at most 1000000000, got 1000000001"
      },
      {withNode(B.replace("\"demand\":1.0", "\"demand\":null")), "nodes[1].demand: missing field"},
      {
        withNode(B.replace("\"demand\":1.0", "\"demand\":\"1\"")),
        "nodes[1].demand: expected a number, got \"1\""
      },
      {withNode(B.replace("\"eta\":1.0,", "")), "nodes[1].eta: missing field"},
      {
        withNode(B.replace("\"eta\":1.0", "\"eta\":2e9")),
        "nodes[1].eta: must be at most 1000000000, got 2.0E9"
      },
      {withNode(B.replace("\"gamma\":10.0", "\"gamma\":null")), "nodes[1].gamma: missing field"},
      {
        withNode(B.replace("\"gamma\":10.0", "\"gamma\":\"g\"")),
        "nodes[1].gamma: expected a number, got \"g\""
      },
      {withNode(B.replace("\"d\":0.5", "\"d\":null")), "nodes[1].d: missing field"},
      {
        withNode(B.replace("\"d\":0.5", "\"d\":-1e10")),
        "nodes[1].d: must be at most 1000000000, got -1.0E10"
      },
      {
        withNode(B.replace("\"capacity\":0.7", "\"capacity\":-1").replace("\"d\":0.5", "\"d\":-1")),
        "nodes[1]: node b: capacity must be > 0, got -1.0"
      },
      {
        withNode(B.replace("\"demand\":1.0", "\"demand\":-1")),
        "nodes[1]: node b: demand must be >= 0, got -1.0"
      },
      {
        withNode(B.replace("\"eta\":1.0", "\"eta\":0")),
        "nodes[1]: node b: eta must be > 0, got 0.0"
      },
      {
        withNode(B.replace("\"gamma\":10.0", "\"gamma\":-2")),
        "nodes[1]: node b: gamma must be > 0, got -2.0"
      },
      {
        withNode(B.replace("\"d\":0.5", "\"d\":-0.5")), "nodes[1]: node b: d must be >= 0, got -0.5"
      },
      {
        "{\"nodes\":[" + A + ",{\"id\":\"b\"}],\"correlation\":5}",
        "nodes[1].capacity: missing field"
      },
      {"{\"nodes\":[" + A + ",5],\"correlation\":5}", "nodes[1]: expected an object"},
      {withMatrix("[]"), "correlation: expected 2 rows (one per node), got 0"},
      {withMatrix("[[1,0],[0,1],[0,1]]"), "correlation: expected 2 rows (one per node), got 3"},
      {withMatrix("[[1,0,0],[0,1]]"), "correlation[0]: expected a row of 2 numbers"},
      {withMatrix("[{},[0,1]]"), "correlation[0]: expected a row of 2 numbers"},
      {
        withMatrix("[[1,\"0\"],[0,1]]"),
        "correlation[0][1]: entry must be a finite number >= 0, got \"0\""
      },
      {
        withMatrix("[[1,true],[0,1]]"),
        "correlation[0][1]: entry must be a finite number >= 0, got true"
      },
      {
        withMatrix("[[1,0],[0,1e400]]"),
        "correlation[1][1]: entry must be a finite number >= 0, got \"Infinity\""
      },
      {
        withMatrix("[[-1,\"x\"],[0,1]]"),
        "correlation[0][0]: entry must be a finite number >= 0, got -1"
      },
      {
        withMatrix("[[0.5,0.4],[2,-1]]"),
        "correlation[0]: row 'a' sums to 0.9, not 1 (use --normalize to rescale rows)"
      },
      {
        withMatrix("[[0.5,0.5],[1,1]]"),
        "correlation[1]: row 'b' sums to 2.0, not 1 (use --normalize to rescale rows)"
      },
      {
        withMatrix("[[1.0000005,0],[0,1]]"),
        "correlation: row a, column a: entry must be in [0, 1], got 1.0000005"
      },
      {
        withMatrix("[[0,0],[0,1]]"),
        "correlation[0]: row 'a' sums to 0.0, not 1 (use --normalize to rescale rows)"
      },
    };
    String[][] normalised = {
      {
        withMatrix("[[0,0],[0,1]]"),
        "correlation[0]: row 'a' sums to 0.0, not 1 (use --normalize to rescale rows)"
      },
      {
        withMatrix("[[2,2],[0,-1]]"),
        "correlation[1][1]: entry must be a finite number >= 0, got -1"
      },
      {
        withMatrix("[[2,2],[0,0]]"),
        "correlation[1]: row 'b' sums to 0.0, not 1 (use --normalize to rescale rows)"
      },
      {
        withMatrix("[[1.0000005,0],[0,1]]"),
        "correlation: row a, column a: entry must be in [0, 1], got 1.0000005"
      },
      {withMatrix("[[1,0]]"), "correlation: expected 2 rows (one per node), got 1"},
      {withMatrix("[[3,1],[0,1,2]]"), "correlation[1]: expected a row of 2 numbers"},
    };
    Path json = dir.resolve("bad.json");
    for (String[][] set : new String[][][] {cases, normalised}) {
      for (String[] c : set) {
        Files.writeString(json, c[0]);
        boolean normalize = set == normalised;
        InputException e =
            assertThrows(InputException.class, () -> TopologyJson.read(json, normalize), c[0]);
        assertEquals(json + ":" + c[1], e.getMessage(), c[0]);
      }
    }
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
}
