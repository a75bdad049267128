package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

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
            + " bytesPerSecond (or both) > 0",
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
            + " hosts, mode, name, perClientRequestsPerSecond, requestsPerSecond)",
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

  @Test
  void everyErrorLine() {
    String[][] cases = {
      {"{\"customers\": null}", "customers: required (a list, empty for none)"},
      {"{\"customers\": [], \"x\": 1}", "x: unknown field (known: customers)"},
      {"{\"x\": 1}", "x: unknown field (known: customers)"},
      {list("{}"), "customers: expected a list"},
      {list("\"a\""), "customers: expected a list"},
      {list("[1]"), "customers[0]: expected an object"},
      {list("[" + "1, ".repeat(10_000) + "1]"), "customers: at most 10000 customers, got 10001"},
      {list("[{\"hosts\": \"a\"}]"), "customers[0].name: required"},
      {list("[{\"name\": null, \"hosts\": \"a\"}]"), "customers[0].name: required"},
      {
        list("[{\"name\": [], \"bogus\": 1}]"),
        "customers[0].bogus: unknown field (known:"
            + " algorithm, burstSeconds, bytesPerSecond, hosts, mode, name,"
            + " perClientRequestsPerSecond, requestsPerSecond)"
      },
      {
        list("[{\"name\": []}]"),
        "customers[0].hosts: required (a host name, a .suffix, or a list of them)"
      },
      {
        list("[{\"name\": \"a\", \"hosts\": null}]"),
        "customers[0].hosts: required (a host name, a .suffix, or a list of them)"
      },
      {list("[{\"name\": 5, \"hosts\": \"a\"}]"), "customers[0].name: expected a string"},
      {list("[{\"name\": \"a\", \"hosts\": 5}]"), "customers[0].hosts: expected a list of strings"},
      {
        list("[{\"name\": \"a\", \"hosts\": [\"a\", 1]}]"),
        "customers[0].hosts[1]: expected a string"
      },
      {
        list("[{\"name\": \"a\", \"hosts\": [], \"requestsPerSecond\": 1}]"),
        "customers[0].hosts: at least one host name or .suffix"
      },
      {
        list("[{\"name\": \"a b\", \"hosts\": \"a\", \"requestsPerSecond\": 1}]"),
        "customers[0].name: letters, digits, '.', '_' or '-', 1 to 64 characters, got 'a b'"
      },
      {
        list("[{\"name\": \"a b\", \"hosts\": \"a\", \"requestsPerSecond\": \"x\"}]"),
        "customers[0].requestsPerSecond: expected a number"
      },
      {
        one("\"bytesPerSecond\": -1"),
        "customers[0].bytesPerSecond: must be in [0.0, 1.0E12], got" + " -1.0"
      },
      {one("\"bytesPerSecond\": true"), "customers[0].bytesPerSecond: expected a number"},
      {one("\"burstSeconds\": 0"), "customers[0].burstSeconds: must be in [0.001, 60.0], got 0.0"},
      {
        one("\"burstSeconds\": 61"), "customers[0].burstSeconds: must be in [0.001, 60.0], got 61.0"
      },
      {
        one("\"perClientRequestsPerSecond\": 1e13"),
        "customers[0].perClientRequestsPerSecond: must be in [0.0, 1.0E12], got 1.0E13"
      },
      {one("\"mode\": 5"), "customers[0].mode: expected a string"},
      {
        one("\"mode\": \"DRL\""),
        "customers[0].mode: expected drl, independent, static or central, got 'DRL'"
      },
      {
        one("\"algorithm\": 5"),
        "customers[0].algorithm: one of share|grd|fps|gtb|ctb|gdrl|dst, got '5'"
      },
      {one("\"algorithm\": []"), "customers[0].algorithm: expected a string"},
      {
        one("\"algorithm\": \"ctb\""),
        "customers[0].algorithm: ctb is one bucket for all PoPs,"
            + " held by a token server: use mode central"
      },
      {
        one("\"mode\": \"x\", \"algorithm\": []"),
        "customers[0].mode: expected drl, independent, static or central, got 'x'"
      },
      {
        list(
            "[{\"name\": \"a\", \"hosts\": \"a\", \"requestsPerSecond\": 1},"
                + " {\"name\": \"a\", \"hosts\": \"b\", \"requestsPerSecond\": 1}]"),
        "customers: the name 'a' is used twice"
      },
      {
        list(
            "[{\"name\": \"a\", \"hosts\": \"a\", \"requestsPerSecond\": 1},"
                + " {\"name\": \"a\", \"hosts\": \"b\"}]"),
        "customers[1].requestsPerSecond: a customer needs requestsPerSecond or bytesPerSecond"
            + " (or both) > 0"
      },
    };
    for (String[] c : cases) {
      assertEquals("body:" + c[1], refusal(c[0]), c[0]);
    }
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
}
