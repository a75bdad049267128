package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.node.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DrlConfigJsonTest {

  @TempDir Path dir;

  DrlConfig read(String drl) throws Exception {
    Path f = dir.resolve("pop.json");
    Files.writeString(f, "{\"drl\": " + drl + "}");
    return DrlConfigJson.read(JsonFields.read(f).object("drl"), dir);
  }

  static final String GOOD =
      "{\"listen\": \"127.0.0.1:7301\", \"swim\": \"127.0.0.1:7401\", \"seeds\":"
          + " [\"127.0.0.1:7400\"], \"keyFile\": \"k\", \"fanOut\": 2, \"intervalMs\": 100,"
          + " \"leaseSeconds\": 3, \"customers\": [{\"name\": \"acme\", \"limit\": 500}]}";

  @Test
  void readsEveryFieldAndFillsDefaults() throws Exception {
    DrlConfig c = read(GOOD);
    assertEquals(7301, c.listen().port());
    assertEquals(List.of("127.0.0.1:7400"), c.seeds());
    assertEquals(dir.resolve("k"), c.keyFile());
    AgentSettings s = c.settings(1, 3, List.of());
    assertEquals(1, s.id());
    assertEquals(3, s.limiters());
    assertEquals(2, s.fanOut());
    assertEquals(0.1, s.interval(), 1e-12);
    assertEquals(3, s.lease(), 1e-12);
    assertEquals(AgentSettings.DEFAULT_SILENCE, s.silence(), 1e-12);
    assertEquals(List.of(new CustomerLimit("acme", 500)), s.customers());
  }

  @Test
  void badValuesNameTheFieldInOneLine() {
    String[][] cases = {
      {GOOD.replace("\"fanOut\": 2", "\"fanOut\": 0"), "drl.fanOut"},
      {GOOD.replace("127.0.0.1:7301", "nowhere"), "drl.listen"},
      {GOOD.replace("\"limit\": 500", "\"limit\": -1"), "drl.customers[0].limit"},
      {GOOD.replace("\"keyFile\": \"k\",", ""), "drl.keyFile"},
      {GOOD.replace("\"fanOut\"", "\"fanout\""), "fanout"},
      {GOOD.replace("127.0.0.1:7400", "seed"), "drl.seeds"},
    };
    for (String[] c : cases) {
      InputException e = assertThrows(InputException.class, () -> read(c[0]), c[1]);
      assertEquals(1, e.getMessage().lines().count());
      Assertions.assertTrue(e.getMessage().contains(c[1]), e.getMessage() + " should name " + c[1]);
    }
  }

  /** The smallest section the reader accepts: every required field, nothing else. */
  static final String MIN =
      "{\"listen\": \"127.0.0.1:7301\", \"swim\": \"127.0.0.1:7401\", \"keyFile\": \"k\"}";

  /** MIN with {@code more} fields added. */
  static String min(String more) {
    return MIN.replace("}", ", " + more + "}");
  }

  @Test
  void absentAndNullFieldsTakeTheDefaults() throws Exception {
    DrlConfig d = read(MIN);
    DrlConfig expected =
        new DrlConfig(
            -1,
            0,
            HostPort.parse("127.0.0.1:7301"),
            HostPort.parse("127.0.0.1:7401"),
            List.of(),
            dir.resolve("k"),
            0.05,
            AgentSettings.DEFAULT_FAN_OUT,
            AgentSettings.DEFAULT_LEASE,
            AgentSettings.DEFAULT_SILENCE,
            200,
            AgentSettings.GossipMode.TABLE,
            List.of());
    assertEquals(expected, d);
    assertEquals(
        expected,
        read(
            min(
                "\"id\": null, \"limiters\": null, \"seeds\": null, \"intervalMs\": null,"
                    + " \"fanOut\": null, \"leaseSeconds\": null, \"silenceSeconds\": null,"
                    + " \"pingIntervalMs\": null, \"gossip\": null, \"customers\": null")));
    // the default silence is at least the interval
    assertEquals(2.0, read(min("\"intervalMs\": 2000")).silence(), 1e-12);
  }

  @Test
  void readsEveryFieldToItsValue() throws Exception {
    DrlConfig d =
        read(
            min(
                "\"id\": 2, \"limiters\": 5, \"seeds\": \"h:1\", \"intervalMs\": 20,"
                    + " \"fanOut\": 4, \"leaseSeconds\": 7.5, \"silenceSeconds\": 0.5,"
                    + " \"pingIntervalMs\": 300, \"gossip\": \"push-sum\", \"customers\":"
                    + " [{\"name\": 7, \"limit\": 1e-9}, {\"limit\": 2, \"name\": \"b\"}]"));
    assertEquals(
        new DrlConfig(
            2,
            5,
            HostPort.parse("127.0.0.1:7301"),
            HostPort.parse("127.0.0.1:7401"),
            List.of("h:1"),
            dir.resolve("k"),
            0.02,
            4,
            7.5,
            0.5,
            300,
            AgentSettings.GossipMode.PUSH_SUM,
            List.of(new CustomerLimit("7", 1e-9), new CustomerLimit("b", 2))),
        d);
  }

  /** Each refused section and its error line, after the file name. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("errorCases")
  void everyErrorLine(String where, String[] c) throws Exception {
    assertEquals(3, c.length, where + ": expected WRAPPER<TAB>INPUT<TAB>ERROR LINE");
    Path f = dir.resolve("pop.json");
    InputException e = assertThrows(InputException.class, () -> read(wrap(c[0], c[1])), where);
    assertEquals(f + ":" + c[2], e.getMessage(), where);
  }

  static Stream<Arguments> errorCases() throws Exception {
    return cases("drl-section-errors.tsv");
  }

  /** The whole section: {@code raw} as it is, else {@code min} with the input's fields. */
  private static String wrap(String wrapper, String input) {
    return switch (wrapper) {
      case "raw" -> input;
      case "min" -> min(input);
      default -> throw new IllegalArgumentException("no wrapper " + wrapper);
    };
  }

  /**
   * The cases in resource {@code name}, a line each but blank lines and '#' comments: where it
   * stands (file:line), then its tab-separated fields.
   */
  static Stream<Arguments> cases(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of(DrlConfigJsonTest.class.getResource(name).toURI()));
    return IntStream.range(0, lines.size())
        .filter(i -> !lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
        .mapToObj(i -> Arguments.of(name + ":" + (i + 1), lines.get(i).split("\t", -1)));
  }
}
