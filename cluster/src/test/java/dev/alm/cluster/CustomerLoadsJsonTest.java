package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CustomerLoadsJsonTest {

  private static final List<String> IDS = List.of("a", "b", "c", "d", "e", "f");

  private static List<CustomerLoad> parse(String json) throws InputException {
    return CustomerLoadsJson.parse(
        "customers.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), IDS);
  }

  private static String refusal(String json) {
    return assertThrows(InputException.class, () -> parse(json)).getMessage();
  }

  @Test
  void readsPhasesAndSplitsDemandOverThePhasesPops() throws Exception {
    List<CustomerLoad> c =
        parse(
            "{\"customers\":[{\"name\":\"api\",\"host\":\"api.example\",\"limit\":300,"
                + "\"demand\":450,\"phases\":[{\"at\":0},{\"at\":20,\"pops\":[\"a\",\"b\"]},"
                + "{\"at\":50}]}]}");
    CustomerLoad api = c.get(0);
    assertEquals(List.of(20.0, 50.0), api.shifts());
    assertEquals(75, api.demandAt("c", 10, IDS), 1e-12);
    assertEquals(225, api.demandAt("a", 25, IDS), 1e-12);
    assertEquals(0, api.demandAt("c", 25, IDS), 1e-12);
    assertEquals(75, api.demandAt("c", 55, IDS), 1e-12);
  }

  @Test
  void theBuiltinMovesTheFirstCustomerToFourPops() throws Exception {
    List<CustomerLoad> c = CustomerLoadsJson.read("builtin:two-customers", IDS, 1000);
    assertEquals(2, c.size());
    assertEquals(100, c.get(0).limit(), 1e-12);
    assertEquals(150, c.get(0).demand(), 1e-12);
    assertEquals(List.of("a", "b", "c", "d"), c.get(0).phaseAt(30).pops());
    assertTrue(c.get(1).shifts().isEmpty());
  }

  @Test
  void badDocumentsAreRefusedNamingTheField() {
    assertTrue(refusal("{\"customers\":[]}").contains("customers"));
    assertTrue(
        refusal("{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":-1,\"demand\":1}]}")
            .contains("limit"));
    assertTrue(
        refusal(
                "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1,"
                    + "\"phases\":[{\"at\":0},{\"at\":5,\"pops\":[\"zz\"]}]}]}")
            .contains("no PoP zz"));
    assertTrue(
        refusal(
                "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1,"
                    + "\"phases\":[{\"at\":3}]}]}")
            .contains("starts at 0"));
    assertTrue(
        refusal(
                "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1,\"x\":1}]}")
            .contains("x"));
    assertTrue(
        refusal(
                "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1},"
                    + "{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1}]}")
            .contains("duplicate"));
    assertThrows(
        InputException.class,
        () -> CustomerLoadsJson.read("builtin:nope", IDS, 1000),
        "unknown builtin");
  }

  /** One customer with {@code more} fields. */
  private static String one(String more) {
    return "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1"
        + (more.isEmpty() ? "" : "," + more)
        + "}]}";
  }

  @Test
  void readsEachFieldToItsValue() throws Exception {
    assertEquals(
        List.of(
            new CustomerLoad("5", "h.example", 0.001, 1e9, List.of()),
            new CustomerLoad(
                "b",
                "h",
                2,
                3,
                List.of(
                    new CustomerLoad.Phase(0, List.of()),
                    new CustomerLoad.Phase(1.5, List.of("a", "f"))))),
        parse(
            "{\"customers\":[{\"phases\":null,\"demand\":1e9,\"limit\":0.001,"
                + "\"host\":\"h.example\",\"name\":5},{\"name\":\"b\",\"host\":\"h\",\"limit\":2,"
                + "\"demand\":3,\"phases\":[{\"at\":0,\"pops\":null},{\"at\":1.5,\"pops\":[\"a\","
                + "\"f\"]}]}]}"));
  }

  /**
   * Each refused customers file and its error line: the file's shape, then each refused customer or
   * phase field.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("errorCases")
  void everyErrorLine(String where, String[] c) {
    assertEquals(3, c.length, where + ": expected WRAPPER<TAB>INPUT<TAB>ERROR LINE");
    assertEquals("customers.json:" + c[2], refusal(wrap(c[0], c[1])), where);
  }

  static Stream<Arguments> errorCases() throws Exception {
    return Stream.concat(
        cases("customers-errors.tsv"), cases("customer-and-phase-field-errors.tsv"));
  }

  /** The whole file: {@code raw} as it is, else {@code one} customer with the input's fields. */
  private static String wrap(String wrapper, String input) {
    return switch (wrapper) {
      case "raw" -> input;
      case "one" -> one(input);
      default -> throw new IllegalArgumentException("no wrapper " + wrapper);
    };
  }

  /** Customer x of {@link #one}, read, with {@code phases}. */
  private static List<CustomerLoad> xWith(CustomerLoad.Phase... phases) {
    return List.of(new CustomerLoad("x", "h", 1, 1, List.of(phases)));
  }

  @Test
  void phasesTakeTheirDefaults() throws Exception {
    assertEquals(xWith(new CustomerLoad.Phase(0, List.of())), parse(one("\"phases\":[]")));
    assertEquals(
        xWith(
            new CustomerLoad.Phase(0, List.of("a")),
            new CustomerLoad.Phase(1e7, List.of("a", "a"))),
        parse(one("\"phases\":[{\"at\":0,\"pops\":\"a\"},{\"at\":1e7,\"pops\":[\"a\",\"a\"]}]")));
    assertEquals(
        xWith(new CustomerLoad.Phase(0, List.of()), new CustomerLoad.Phase(2, List.of())),
        parse(one("\"phases\":[{\"at\":0,\"pops\":null},{\"at\":2}]")));
  }

  /**
   * The cases in resource {@code name}, a line each but blank lines and '#' comments: where it
   * stands (file:line), then its tab-separated fields.
   */
  static Stream<Arguments> cases(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of(CustomerLoadsJsonTest.class.getResource(name).toURI()));
    return IntStream.range(0, lines.size())
        .filter(i -> !lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
        .mapToObj(i -> Arguments.of(name + ":" + (i + 1), lines.get(i).split("\t", -1)));
  }
}
