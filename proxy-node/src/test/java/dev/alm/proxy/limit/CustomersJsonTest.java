package dev.alm.proxy.limit;

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

/** The customers format is strict: every refusal is one line naming the source and the field. */
class CustomersJsonTest {

  private static String refusal(String text) {
    InputException e =
        assertThrows(InputException.class, () -> CustomersJson.parse("body", text), text);
    assertEquals(-1, e.getMessage().indexOf('\n'), "one line: " + e.getMessage());
    return e.getMessage();
  }

  @Test
  void readsEveryField() throws Exception {
    List<CustomerSpec> c =
        CustomersJson.parse(
            "body",
            """
            {"customers": [
              {"name": "acme", "hosts": ["Acme.example", ".cdn.acme.example"],
               "requestsPerSecond": 500, "burstSeconds": 0.5, "perClientRequestsPerSecond": 20},
              {"name": "video", "hosts": ".video.example", "bytesPerSecond": 1250000,
               "mode": "static"}
            ]}""");
    assertEquals(2, c.size());
    CustomerSpec a = c.get(0);
    assertEquals(List.of("acme.example", ".cdn.acme.example"), a.hosts());
    assertEquals(LimitMode.DRL, a.mode(), "drl by default");
    assertEquals(CustomerSpec.Unit.REQUESTS, a.unit());
    assertEquals(500, a.limit());
    assertEquals(20, a.perClientRequestsPerSecond());
    CustomerSpec v = c.get(1);
    assertEquals(CustomerSpec.Unit.BYTES, v.unit());
    assertEquals(1_250_000, v.limit());
    assertEquals(CustomerSpec.DEFAULT_BURST_SECONDS, v.burstSeconds());
  }

  @Test
  void refusesBadDocumentsWithTheField() {
    assertEquals(
        "body:customers[0].mode: expected drl, independent, static or central, got 'fast'",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\", \"requestsPerSecond\": 1,"
                + " \"mode\": \"fast\"}]}"));
    assertEquals(
        "body:customers[0].requestsPerSecond: a customer needs requestsPerSecond or"
            + " bytesPerSecond (or both) > 0, or keys",
        refusal("{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\"}]}"));
    assertEquals(
        "body:customers[0].hosts: 'a b' is not a host name (exact) or .suffix",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a b\", \"requestsPerSecond\": 1}]}"));
    assertEquals(
        "body:customers: the host 'a.example' belongs to two customers",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\", \"requestsPerSecond\": 1},"
                + " {\"name\": \"b\", \"hosts\": \"A.example\", \"requestsPerSecond\": 1}]}"));
    assertEquals(
        "body:customers[0].algorithm: one of share|grd|fps|gtb|ctb|gdrl|dst, got 'aimd'",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\", \"requestsPerSecond\": 1,"
                + " \"algorithm\": \"aimd\"}]}"));
    assertEquals(
        "body:customers[0].algorithm: only a customer in mode drl has one, this one is in mode"
            + " static",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\", \"requestsPerSecond\": 1,"
                + " \"mode\": \"static\", \"algorithm\": \"grd\"}]}"));
    assertEquals(
        "body:customers[0].colour: unknown field (known: algorithm, burstSeconds, bytesPerSecond,"
            + " hosts, keys, mode, name, perClientRequestsPerSecond, requestsPerSecond)",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\", \"requestsPerSecond\": 1,"
                + " \"colour\": 1}]}"));
    assertEquals(
        "body:customers[0].bytesPerSecond: mode central limits requests/s or bytes/s, not both",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\", \"bytesPerSecond\": 1,"
                + " \"requestsPerSecond\": 1, \"mode\": \"central\"}]}"));
    assertEquals(
        "body:customers[0].requestsPerSecond: must be in [0.0, 1.0E12], got -5.0",
        refusal(
            "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\","
                + " \"requestsPerSecond\": -5}]}"));
    assertEquals("body:customers: required (a list, empty for none)", refusal("{}"));
    assertEquals("body: expected a JSON object {\"customers\": [...]}", refusal("[1]"));
    assertEquals(
        "body:line 1: duplicate key 'customers'",
        refusal("{\"customers\": [], \"customers\": []}"));
  }

  /** One customer {@code {"name": "a", "hosts": "a.example", "requestsPerSecond": 1, more}}. */
  private static String one(String more) {
    return "{\"customers\": [{\"name\": \"a\", \"hosts\": \"a.example\","
        + " \"requestsPerSecond\": 1"
        + (more.isEmpty() ? "" : ", " + more)
        + "}]}";
  }

  /** A list of customers given whole. */
  private static String list(String customers) {
    return "{\"customers\": " + customers + "}";
  }

  /** Each refused body and its error line (but the longest, below), after the source name. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("errorCases")
  void everyErrorLine(String where, String[] c) {
    assertEquals(3, c.length, where + ": expected WRAPPER<TAB>INPUT<TAB>ERROR LINE");
    assertEquals("body:" + c[2], refusal(wrap(c[0], c[1])), where);
  }

  @Test
  void atMostTenThousandCustomers() {
    assertEquals(
        "body:customers: at most 10000 customers, got 10001",
        refusal(list("[" + "1, ".repeat(10_000) + "1]")));
  }

  static Stream<Arguments> errorCases() throws Exception {
    return cases("customers-errors.tsv");
  }

  /** The whole body: {@code raw} as it is, else a {@code list} of customers or {@code one}. */
  private static String wrap(String wrapper, String input) {
    return switch (wrapper) {
      case "raw" -> input;
      case "list" -> list(input);
      case "one" -> one(input);
      default -> throw new IllegalArgumentException("no wrapper " + wrapper);
    };
  }

  @Test
  void readsEachFieldToItsValueAndNullAsAbsent() throws Exception {
    assertEquals(
        List.of(
            new CustomerSpec(
                "a",
                List.of("a.example"),
                1,
                0,
                CustomerSpec.DEFAULT_BURST_SECONDS,
                0,
                LimitMode.DRL,
                null),
            new CustomerSpec(
                "b", List.of("b.example", ".c"), 2, 3, 4, 5, LimitMode.INDEPENDENT, null),
            new CustomerSpec("c", List.of("c"), 0, 1, 60, 0, LimitMode.DRL, "gdrl")),
        CustomersJson.parse(
            "body",
            list(
                "[{\"name\": \"a\", \"hosts\": \"a.example\", \"requestsPerSecond\": 1,"
                    + " \"bytesPerSecond\": null, \"burstSeconds\": null,"
                    + " \"perClientRequestsPerSecond\": null, \"mode\": null, \"algorithm\": null},"
                    + " {\"mode\": \"independent\", \"perClientRequestsPerSecond\": 5,"
                    + " \"burstSeconds\": 4, \"bytesPerSecond\": 3, \"requestsPerSecond\": 2,"
                    + " \"hosts\": [\"B.example\", \".c\"], \"name\": \"b\"},"
                    + " {\"name\": \"c\", \"hosts\": [\"c\"], \"bytesPerSecond\": 1,"
                    + " \"burstSeconds\": 60, \"algorithm\": \"gdrl\"}]")));
    assertEquals(List.of(), CustomersJson.parse("body", list("[]")));
  }

  /**
   * The cases in resource {@code name}, a line each but blank lines and '#' comments: where it
   * stands (file:line), then its tab-separated fields.
   */
  static Stream<Arguments> cases(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of(CustomersJsonTest.class.getResource(name).toURI()));
    return IntStream.range(0, lines.size())
        .filter(i -> !lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
        .mapToObj(i -> Arguments.of(name + ":" + (i + 1), lines.get(i).split("\t", -1)));
  }
}
