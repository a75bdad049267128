package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
