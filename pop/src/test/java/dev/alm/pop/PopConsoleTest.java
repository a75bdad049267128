package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.io.Clocks;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PoP's console on its admin address: the page uses only assets from the jar, they are served,
 * and {@code /events} pushes one status per control interval.
 */
class PopConsoleTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void thePageIsSelfContainedAndEventsFollowTheLoop(@TempDir Path dir) throws Exception {
    PopConfig config = PopDaemonClockTest.withAdmin(dir);
    try (PopDaemon pop = PopDaemon.start(config, false, Clocks.SYSTEM, l -> {})) {
      String base = "http://127.0.0.1:" + pop.adminAddress().getPort();
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> page =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, page.statusCode());
      assertTrue(page.body().contains("alm pop a"), page.body());
      Matcher refs = Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(page.body());
      int assets = 0;
      while (refs.find()) {
        String ref = refs.group(1);
        if (ref.equals("data:,")) {
          continue; // the empty icon: no request at all
        }
        assertTrue(ref.startsWith("/assets/"), "only local assets: " + ref);
        HttpResponse<byte[]> a =
            http.send(
                HttpRequest.newBuilder(URI.create(base + ref)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, a.statusCode(), ref);
        assertTrue(a.body().length > 100, ref);
        assets++;
      }
      assertEquals(4, assets, "uPlot's script and style, the console's script and style");

      try (Socket s = new Socket("127.0.0.1", pop.adminAddress().getPort())) {
        s.setSoTimeout(10_000);
        s.getOutputStream()
            .write(
                "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
        BufferedReader in =
            new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        String status = in.readLine();
        assertEquals("HTTP/1.1 200 OK", status);
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (pop.events().open() == 0 && System.nanoTime() < deadline) {
          Thread.sleep(10);
        }
        List<JsonNode> events = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
          pop.tick();
        }
        String line;
        while (events.size() < 3 && (line = in.readLine()) != null) {
          if (line.startsWith("data: ")) {
            events.add(JSON.readTree(line.substring(6)));
          }
        }
        assertEquals(3, events.size());
        assertEquals("a", events.get(0).get("pop").asText());
        assertTrue(
            events.get(2).get("intervals").asLong() > events.get(0).get("intervals").asLong(),
            events.toString());
        assertFalse(events.get(2).toString().contains("Infinity"));
      }
    }
  }
}
