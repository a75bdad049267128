package dev.alm.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RateLimitSharesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void readsEveryCustomerOfAPopStatus() throws Exception {
    List<RateLimitShare> rows =
        StatusCollector.shares(
            "http://127.0.0.1:9/status",
            JSON.readTree(
                "{\"pop\":\"a\",\"x\":0.5,\"customers\":[{\"name\":\"api\",\"unit\":\"requests/s\","
                    + "\"limit\":300,\"share\":120.5,\"demand\":110,\"served\":9000,"
                    + "\"rejected\":12,\"peers\":3,\"mode\":\"normal\"},{\"name\":\"blog\"}]}"));
    assertEquals(2, rows.size());
    RateLimitShare api = rows.get(0);
    assertEquals("a", api.pop());
    assertEquals(120.5, api.share());
    assertEquals(3.0, api.peers());
    assertEquals("normal", api.mode());
    assertNull(rows.get(1).share());
  }

  @Test
  void readsAProxysSectionAndAPopWithoutCustomersAddsNothing() throws Exception {
    assertEquals(
        1,
        StatusCollector.shares(
                "s",
                JSON.readTree(
                    "{\"proxy\":{\"pop\":\"b\",\"customers\":[{\"name\":\"c\",\"share\":1}]}}"))
            .size());
    assertTrue(StatusCollector.shares("s", JSON.readTree("{\"pop\":\"a\"}")).isEmpty());
  }

  @Test
  void refusesWhatIsNoStatusNamingTheSource() {
    IOException e =
        assertThrows(
            IOException.class,
            () -> StatusCollector.shares("http://x/status", JSON.readTree("[]")));
    assertTrue(e.getMessage().startsWith("http://x/status"));
    assertThrows(
        IOException.class,
        () -> StatusCollector.shares("s", JSON.readTree("{\"pop\":\"a\",\"customers\":{}}")));
    assertThrows(
        IOException.class,
        () -> StatusCollector.shares("s", JSON.readTree("{\"pop\":\"a\",\"customers\":[{}]}")));
  }
}
