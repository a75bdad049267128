package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A lab topology file is read strictly: each refusal is one line naming the field. */
class LabTopologyJsonTest {

  private static final String ROUTERS = "\"routers\": [{\"id\": \"t1\", \"as\": 64510}]";
  private static final String POPS =
      "\"pops\": [{\"id\": \"a\", \"as\": 64601, \"capacity\": 0.7, \"providers\": [\"t1\"]}]";
  private static final String LINKS = "\"links\": [{\"a\": \"a\", \"b\": \"t1\"}]";
  private static final String EYEBALLS =
      "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 0.5, \"upstream\": \"t1\"}]";
  private static final String DC = "\"datacenter\": {\"upstream\": \"t1\"}";

  /** A topology of the parts given, in this order. */
  private static String doc(String... parts) {
    return "{" + String.join(", ", parts) + "}";
  }

  /** The smallest topology with {@code pop} as its PoP. */
  private static String withPop(String pop) {
    return doc("\"pops\": [" + pop + "]", ROUTERS, LINKS, EYEBALLS, DC);
  }

  private static String withRouter(String router) {
    return doc(POPS, "\"routers\": [" + router + "]", LINKS, EYEBALLS, DC);
  }

  private static String withLink(String link) {
    return doc(POPS, ROUTERS, "\"links\": [" + link + "]", EYEBALLS, DC);
  }

  private static String withEyeball(String eyeball) {
    return doc(POPS, ROUTERS, LINKS, "\"eyeballs\": [" + eyeball + "]", DC);
  }

  private static String withResolvers(String resolvers) {
    return doc(POPS, ROUTERS, LINKS, EYEBALLS, "\"resolvers\": " + resolvers, DC);
  }

  private static String withDatacenter(String dc) {
    return doc(POPS, ROUTERS, LINKS, EYEBALLS, "\"datacenter\": " + dc);
  }

  @Test
  void readsEachFieldAndTheDefaults() throws Exception {
    LabTopology t =
        LabTopologyJson.parse(
            "t.json",
            doc(
                "\"description\": 5",
                POPS,
                "\"routers\": [{\"id\": \"t1\", \"as\": 64510, \"peers\": null}, {\"id\": \"t2\","
                    + " \"as\": 64520, \"providers\": \"t1\", \"peers\": [\"t1\"]}]",
                "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"delayMs\": null}, {\"a\": \"t1\", \"b\":"
                    + " \"t2\", \"delayMs\": 3, \"loss\": 2}]",
                "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 0.5, \"upstream\": \"t1\"}, {\"id\":"
                    + " \"e2\", \"demand\": 0, \"upstream\": \"t2\", \"resolver\": \"r1\","
                    + " \"delayMs\": 4}]",
                "\"resolvers\": [{\"id\": \"r1\", \"upstream\": \"t1\"}]",
                "\"datacenter\": {\"upstream\": \"t2\", \"delayMs\": 0}"));
    assertEquals(
        new LabTopology(
            List.of(new LabTopology.Pop("a", 64601, 0.7, 1, 10, 0.5, List.of("t1"))),
            List.of(
                new LabTopology.Router("t1", 64510, List.of(), List.of()),
                new LabTopology.Router("t2", 64520, List.of("t1"), List.of("t1"))),
            List.of(new LabTopology.Link("a", "t1", 1, 0), new LabTopology.Link("t1", "t2", 3, 2)),
            List.of(
                new LabTopology.Eyeball("e1", 0.5, LabTopology.ON_NET, "t1", 1),
                new LabTopology.Eyeball("e2", 0, "r1", "t2", 4)),
            List.of(new LabTopology.Resolver("r1", "t1", 1)),
            new LabTopology.Stub("t2", 0)),
        t);
    LabTopology p =
        LabTopologyJson.parse(
            "t.json",
            withPop(
                "{\"id\": \"a\", \"as\": 1, \"capacity\": 1e6, \"eta\": 2, \"gamma\": 3, \"d\": 0,"
                    + " \"providers\": \"t1\"}"));
    assertEquals(new LabTopology.Pop("a", 1, 1e6, 2, 3, 0, List.of("t1")), p.pops().get(0));
    assertEquals(List.of(), LabTopologyJson.parse("t.json", withResolvers("null")).resolvers());
  }

  /**
   * Each refused topology and its error line: each part missing or malformed, then each refused
   * field of each part.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("errorCases")
  void everyErrorLine(String where, String[] c) {
    assertEquals(3, c.length, where + ": expected WRAPPER<TAB>INPUT<TAB>ERROR LINE");
    InputException e =
        assertThrows(
            InputException.class, () -> LabTopologyJson.parse("t.json", wrap(c[0], c[1])), where);
    assertEquals("t.json:" + c[2], e.getMessage(), where);
  }

  static Stream<Arguments> errorCases() throws Exception {
    return Stream.concat(cases("topology-errors.tsv"), cases("part-field-errors.tsv"));
  }

  /**
   * The whole topology: {@code raw} as it is, else the smallest one with the input as the part
   * named.
   */
  private static String wrap(String wrapper, String input) {
    return switch (wrapper) {
      case "raw" -> input;
      case "withPop" -> withPop(input);
      case "withRouter" -> withRouter(input);
      case "withLink" -> withLink(input);
      case "withEyeball" -> withEyeball(input);
      case "withResolvers" -> withResolvers(input);
      case "withDatacenter" -> withDatacenter(input);
      default -> throw new IllegalArgumentException("no wrapper " + wrapper);
    };
  }

  @Test
  void everyBuiltinIsRead() throws Exception {
    for (String b : LabTopologyJson.BUILTINS) {
      LabTopology t = LabTopologyJson.resolve("builtin:" + b);
      assertEquals(t, LabTopologyJson.resolve("builtin:" + b), b);
    }
    assertEquals(2, LabTopologyJson.resolve("builtin:lab-mini").pops().size());
    assertEquals(
        "--topology: unknown builtin 'x' (known: " + LabTopologyJson.BUILTINS + ")",
        assertThrows(InputException.class, () -> LabTopologyJson.resolve("builtin:x"))
            .getMessage());
  }

  @Test
  void eachPartTakesItsDefaults() throws Exception {
    LabTopology expected =
        new LabTopology(
            List.of(new LabTopology.Pop("a", 1, 1, 1, 10, 0.5, List.of("t1"))),
            List.of(new LabTopology.Router("t1", 64510, List.of(), List.of())),
            List.of(new LabTopology.Link("a", "t1", 1, 0)),
            List.of(new LabTopology.Eyeball("e1", 0.5, LabTopology.ON_NET, "t1", 1)),
            List.of(new LabTopology.Resolver("r1", "t1", 1)),
            new LabTopology.Stub("t1", 10));
    assertEquals(
        expected,
        LabTopologyJson.parse(
            "t.json",
            doc(
                "\"pops\": [{\"id\": \"a\", \"as\": 1, \"capacity\": 1, \"d\": null, \"eta\": null,"
                    + " \"gamma\": null, \"providers\": \"t1\"}]",
                ROUTERS,
                "\"links\": [{\"a\": \"a\", \"b\": \"t1\", \"delayMs\": null, \"loss\": null}]",
                "\"eyeballs\": [{\"id\": \"e1\", \"demand\": 0.5, \"upstream\": \"t1\","
                    + " \"resolver\": null, \"delayMs\": null}]",
                "\"resolvers\": [{\"id\": \"r1\", \"upstream\": \"t1\", \"delayMs\": null}]",
                "\"datacenter\": {\"upstream\": \"t1\", \"delayMs\": null}",
                "\"description\": null")));
  }

  /**
   * The cases in resource {@code name}, a line each but blank lines and '#' comments: where it
   * stands (file:line), then its tab-separated fields.
   */
  static Stream<Arguments> cases(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of(LabTopologyJsonTest.class.getResource(name).toURI()));
    return IntStream.range(0, lines.size())
        .filter(i -> !lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
        .mapToObj(i -> Arguments.of(name + ":" + (i + 1), lines.get(i).split("\t", -1)));
  }
}
