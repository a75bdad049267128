package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet from {@code alm fleet init} alone, with nothing edited: it passes {@code alm fleet
 * check}, its three PoPs start from their directories as the Debian unit starts them ({@code alm
 * pop --config DIR/NAME/pop.json}), and their DRL agents hear each other about a customer they
 * share.
 */
class FleetStartsTest extends CliTest {

  private static final String[] POPS = {"a", "b", "c"};

  @TempDir Path dir;

  private static String ip(int i) {
    return "127.0.0." + (21 + i);
  }

  @Test
  void anInitialisedFleetStartsAndItsPopsHearEachOther() throws Exception {
    Path fleet = dir.resolve("fleet");
    // agents gossip, and so count each other as peers, once there is a customer to share
    Path customers = dir.resolve("customers.json");
    Files.writeString(
        customers,
        "{\"customers\": [{\"name\": \"acme\", \"hosts\": [\"acme.example\"],"
            + " \"requestsPerSecond\": 60, \"mode\": \"drl\"}]}");
    assertEquals(
        0,
        alm(
            "fleet",
            "init",
            "--pops",
            "a,b,c",
            "--customers",
            customers.toString(),
            "--addresses",
            ip(0) + "," + ip(1) + "," + ip(2),
            "--out",
            fleet.toString()),
        err.toString());
    assertEquals(0, alm("fleet", "check", fleet.toString()), out.toString());
    List<Thread> daemons = new ArrayList<>();
    int[] codes = new int[POPS.length];
    for (int i = 0; i < POPS.length; i++) {
      int k = i;
      Thread t =
          new Thread(
              () ->
                  codes[k] =
                      alm(
                          "pop",
                          "--config",
                          fleet.resolve(POPS[k]).resolve("pop.json").toString(),
                          "--duration",
                          "10"),
              "pop-" + POPS[i]);
      t.start();
      daemons.add(t);
    }
    HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
    ObjectMapper json = new ObjectMapper();
    int heard = 0;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(9);
      while (System.nanoTime() < deadline && heard < POPS.length) {
        heard = 0;
        for (int i = 0; i < POPS.length; i++) {
          String token = Files.readAllLines(fleet.resolve(POPS[i]).resolve("admin.key")).get(0);
          JsonNode s = status(http, json, i, token);
          if (s != null && s.path("drl").path("peers").asInt() == POPS.length - 1) {
            heard++;
          }
        }
        Thread.sleep(200);
      }
    } finally {
      for (Thread t : daemons) {
        t.join(TimeUnit.SECONDS.toMillis(30));
      }
    }
    assertEquals(POPS.length, heard, "every PoP hears the two others: " + err);
    for (int c : codes) {
      assertEquals(0, c, err.toString());
    }
  }

  /** GET /status with the PoP's admin token (reads from loopback would be served without it). */
  private static JsonNode status(HttpClient http, ObjectMapper json, int i, String token) {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create("http://" + ip(i) + ":9200/status"))
                  .header("Authorization", "Bearer " + token)
                  .timeout(java.time.Duration.ofSeconds(2))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? json.readTree(r.body()) : null;
    } catch (IOException e) {
      return null; // not listening yet
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
