package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

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

  @Test
  void everyErrorLine() {
    String[][] cases = {
      {"[]", " not a JSON object"},
      {"{}", "customers: expected a list"},
      {"{\"customers\":null}", "customers: expected a list"},
      {"{\"x\":1}", "x: unknown field (known: customers)"},
      {"{\"customers\":{}}", "customers: expected a list"},
      {"{\"customers\":[]}", "customers: at least one customer"},
      {"{\"customers\":[1]}", "customers[0]: expected an object"},
      {one("\"x\":1"), "customers[0].x: unknown field (known: demand, host, limit, name, phases)"},
      {"{\"customers\":[{}]}", "customers[0].name: expected a string"},
      {"{\"customers\":[{\"name\":null}]}", "customers[0].name: expected a string"},
      {
        "{\"customers\":[{\"name\":\"a b\"}]}",
        "customers[0].name: 1 to 64 letters, digits, '_', '.', '-'"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1},"
            + "{\"name\":\"x\"}]}",
        "customers[1].name: duplicate customer x"
      },
      {"{\"customers\":[{\"name\":\"x\"}]}", "customers[0].host: expected a string"},
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"a b\"}]}",
        "customers[0].host: not a host name: a b"
      },
      {"{\"customers\":[{\"name\":\"x\",\"host\":\"h\"}]}", "customers[0].limit: required"},
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":0}]}",
        "customers[0].limit: must be in [0.001, 1.0E9], got 0.0"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1}]}",
        "customers[0].demand: required"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":\"1\"}]}",
        "customers[0].demand: expected a number"
      },
      {one("\"phases\":5"), "customers[0].phases: expected a list"},
      {one("\"phases\":[1]"), "customers[0].phases[0]: expected an object"},
      {
        one("\"phases\":[{\"at\":0,\"x\":1}]"),
        "customers[0].phases[0].x: unknown field (known: at, pops)"
      },
      {one("\"phases\":[{}]"), "customers[0].phases[0].at: required"},
      {
        one("\"phases\":[{\"at\":-1}]"),
        "customers[0].phases[0].at: must be in [0.0, 1.0E7], got -1.0"
      },
      {one("\"phases\":[{\"at\":3}]"), "customers[0].phases[0].at: the first phase starts at 0"},
      {
        one("\"phases\":[{\"at\":0},{\"at\":0}]"),
        "customers[0].phases[1].at: phases start in increasing order"
      },
      {
        one("\"phases\":[{\"at\":0},{\"at\":1,\"pops\":5}]"),
        "customers[0].phases[1].pops: expected a list of strings"
      },
      {
        one("\"phases\":[{\"at\":0},{\"at\":1,\"pops\":[\"zz\"]}]"),
        "customers[0].phases[1].pops: no PoP zz in the topology [a, b, c, d, e, f]"
      },
      {
        one("\"phases\":[{\"at\":0,\"pops\":[]}]"),
        "customers[0].phases[0].pops: leave it out for every PoP; an empty list sends nothing"
      },
    };
    for (String[] c : cases) {
      String m = refusal(c[0]);
      assertEquals("customers.json:" + c[1], m, c[0]);
    }
  }

  /** Each refused customer or phase field, beyond those above, and its error line. */
  @Test
  void everyCustomerAndPhaseFieldErrorLine() {
    String[][] cases = {
      {"{\"customers\":[{\"name\":[]}]}", "customers[0].name: expected a string"},
      {
        "{\"customers\":[{\"name\":\"\"}]}",
        "customers[0].name: 1 to 64 letters, digits, '_', '.', '-'"
      },
      {
        "{\"customers\":[{\"name\":\"" + "n".repeat(65) + "\"}]}",
        "customers[0].name: 1 to 64 letters, digits, '_', '.', '-'"
      },
      {
        "{\"customers\":[{\"name\":\"a b\"},{\"name\":\"a b\"}]}",
        "customers[0].name: 1 to 64 letters, digits, '_', '.', '-'"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1},{\"name\":\"a b\",\"host\":5}]}",
        "customers[1].name: 1 to 64 letters, digits, '_', '.', '-'"
      },
      {"{\"customers\":[{\"name\":\"x\",\"host\":null}]}", "customers[0].host: expected a string"},
      {"{\"customers\":[{\"name\":\"x\",\"host\":[]}]}", "customers[0].host: expected a string"},
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h_1\"}]}",
        "customers[0].host: not a host name: h_1"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"" + "h".repeat(254) + "\"}]}",
        "customers[0].host: not a host name: " + "h".repeat(254)
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":null}]}",
        "customers[0].limit: required"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":\"1\"}]}",
        "customers[0].limit: expected a number"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":2e9,\"demand\":0}]}",
        "customers[0].limit: must be in [0.001, 1.0E9], got 2.0E9"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":null}]}",
        "customers[0].demand: required"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":0}]}",
        "customers[0].demand: must be in [0.001, 1.0E9], got 0.0"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1e16}]}",
        "customers[0].demand: must be a number of magnitude at most 1e15, got 1.0E16"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1,\"phases\":{}}]}",
        "customers[0].phases: expected a list"
      },
      {"{\"customers\":[{\"phases\":5,\"name\":\"x\"}]}", "customers[0].host: expected a string"},
      {one("\"phases\":[null]"), "customers[0].phases[0]: expected an object"},
      {one("\"phases\":[{\"at\":null}]"), "customers[0].phases[0].at: required"},
      {one("\"phases\":[{\"at\":\"0\"}]"), "customers[0].phases[0].at: expected a number"},
      {
        one("\"phases\":[{\"at\":1e8}]"),
        "customers[0].phases[0].at: must be in [0.0, 1.0E7], got 1.0E8"
      },
      {
        one("\"phases\":[{\"at\":0},{\"at\":-0.5}]"),
        "customers[0].phases[1].at: must be in [0.0, 1.0E7], got -0.5"
      },
      {
        one("\"phases\":[{\"at\":0},{\"at\":5},{\"at\":4,\"pops\":[\"zz\"]}]"),
        "customers[0].phases[2].at: phases start in increasing order"
      },
      {
        one("\"phases\":[{\"pops\":[\"zz\"],\"at\":3}]"),
        "customers[0].phases[0].at: the first phase starts at 0"
      },
      {
        one("\"phases\":[{\"at\":0,\"pops\":\"zz\"}]"),
        "customers[0].phases[0].pops: no PoP zz in the topology [a, b, c, d, e, f]"
      },
      {
        one("\"phases\":[{\"at\":0,\"pops\":[\"a\",5]}]"),
        "customers[0].phases[0].pops[1]: expected a string"
      },
      {
        one("\"phases\":[{\"at\":0,\"pops\":[\"a\",\"zz\"]}]"),
        "customers[0].phases[0].pops: no PoP zz in the topology [a, b, c, d, e, f]"
      },
      {
        one("\"phases\":[{\"at\":0,\"x\":1,\"pops\":5}]"),
        "customers[0].phases[0].x: unknown field (known: at, pops)"
      },
      {
        one("\"phases\":[{\"at\":0},{\"at\":1,\"pops\":[]}]"),
        "customers[0].phases[1].pops: leave it out for every PoP; an empty list sends nothing"
      },
      {
        "{\"customers\":[{\"name\":\"x\",\"host\":\"h\",\"limit\":1,\"demand\":1},{\"name\":\"y\",\"host\":\"h\",\"limit\":1,\"demand\":1,\"phases\":[{\"at\":1}]}]}",
        "customers[1].phases[0].at: the first phase starts at 0"
      },
    };
    for (String[] c : cases) {
      assertEquals("customers.json:" + c[1], refusal(c[0]), c[0]);
    }
  }

  @Test
  void phasesTakeTheirDefaults() throws Exception {
    assertEquals(
        List.of(new CustomerLoad("x", "h", 1, 1, List.of(new CustomerLoad.Phase(0, List.of())))),
        parse(one("\"phases\":[]")));
    assertEquals(
        List.of(
            new CustomerLoad(
                "x",
                "h",
                1,
                1,
                List.of(
                    new CustomerLoad.Phase(0, List.of("a")),
                    new CustomerLoad.Phase(1e7, List.of("a", "a"))))),
        parse(one("\"phases\":[{\"at\":0,\"pops\":\"a\"},{\"at\":1e7,\"pops\":[\"a\",\"a\"]}]")));
    assertEquals(
        List.of(
            new CustomerLoad(
                "x",
                "h",
                1,
                1,
                List.of(
                    new CustomerLoad.Phase(0, List.of()), new CustomerLoad.Phase(2, List.of())))),
        parse(one("\"phases\":[{\"at\":0,\"pops\":null},{\"at\":2}]")));
  }
}
