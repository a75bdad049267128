package dev.alm.controller.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
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
}
