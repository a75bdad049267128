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
    assertEquals(250, c.get(0).limit(), 1e-12);
    assertEquals(375, c.get(0).demand(), 1e-12);
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
}
