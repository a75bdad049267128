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
}
