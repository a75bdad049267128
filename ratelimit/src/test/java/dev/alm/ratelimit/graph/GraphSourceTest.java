package dev.alm.ratelimit.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphSourceTest {

  @TempDir Path dir;

  private Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void readsWeightedCsvAndItsLaplacian() throws Exception {
    Path p = write("g.csv", "a,b,weight\n# a triangle\n0,1,2\n1,2,0.5\n\n2,0,1\n");
    CommunicationGraph g = GraphSource.load(p.toString());
    assertEquals(3, g.size());
    assertEquals(3, g.edges().size());
    var l = Laplacian.matrix(g);
    assertEquals(3.0, l.getEntry(0, 0), 1e-12);
    assertEquals(-2.0, l.getEntry(0, 1), 1e-12);
    assertEquals(1.5, l.getEntry(2, 2), 1e-12);
  }

  @Test
  void readsJson() throws Exception {
    Path p = write("g.json", "{\"nodes\": 4, \"edges\": [[0,1],[1,2],[2,3,3.5]]}");
    CommunicationGraph g = GraphSource.load(p.toString());
    assertEquals(4, g.size());
    assertEquals(3.5, g.edges().get(2).weight());
  }

  @Test
  void csvErrorsNameTheLine() throws Exception {
    assertMessage(write("a.csv", "x,y\n0,1\n"), "a.csv:line 1: expected the header");
    assertMessage(write("b.csv", "a,b\n0,1\n1,x\n"), "b.csv:line 3 b: not a node number: x");
    assertMessage(write("c.csv", "a,b,weight\n0,1,-1\n"), "c.csv:line 2: link weight must be");
    assertMessage(write("d.csv", "a,b\n0,1\n1,0\n"), "d.csv:line 3: link 0,1 repeats the link");
    assertMessage(write("e.csv", "a,b\n0,1\n2,3\n"), "e.csv: the graph is not connected: node 2");
    assertMessage(write("f.csv", "a,b\n0,0\n"), "f.csv:line 2: a link joins two different");
    assertMessage(write("g.csv", "a,b\n0,1,4\n"), "g.csv:line 2: expected 2 fields, got 3");
  }

  @Test
  void jsonErrorsNameTheField() throws Exception {
    assertMessage(write("a.json", "{\"nodes\": 2, \"edges\": [[0, 5]]}"), "edges[0][1]: node 5");
    assertMessage(write("b.json", "{\"nodes\": 2, \"links\": []}"), "b.json:links: unknown field");
    assertMessage(write("c.json", "{\"nodes\": 2.5, \"edges\": []}"), "c.json:nodes: expected");
    assertMessage(
        write("d.json", "{\"nodes\": 2, \"edges\": [[0, 1, \"x\"]]}"), "edges[0][2]: expected");
  }

  @Test
  void builtinsAndTheirErrors() throws Exception {
    assertEquals(10, GraphSource.load("builtin:ring?n=10").edges().size());
    assertEquals(10, GraphSource.load("builtin:complete?n=5").edges().size());
    assertEquals(4, GraphSource.load("builtin:star?n=5").edges().size());
    assertEquals(200, GraphSource.load("builtin:regular?n=100&d=4").edges().size());
    assertMessage("builtin:ring", "builtin:ring:n: missing parameter");
    assertMessage("builtin:regular?n=9&d=3", "n*d even");
    assertMessage("builtin:ring?n=10&d=2", "builtin:ring?n=10&d=2:d: unknown parameter");
    assertMessage("builtin:torus?n=3", "unknown builtin graph");
  }

  private static void assertMessage(Object specOrPath, String part) {
    InputException e =
        assertThrows(InputException.class, () -> GraphSource.load(specOrPath.toString()));
    assertTrue(e.getMessage().contains(part), e.getMessage() + " should contain " + part);
  }
}
