package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
            FleetInitArgs.abc(
                fleet,
                "--customers",
                customers.toString(),
                "--addresses",
                ip(0) + "," + ip(1) + "," + ip(2))),
        err.toString());
    assertEquals(0, alm("fleet", "check", fleet.toString()), out.toString());
    List<String[]> commands = new ArrayList<>();
    for (String pop : POPS) {
      commands.add(
          new String[] {
            "pop", "--config", fleet.resolve(pop).resolve("pop.json").toString(), "--duration", "10"
          });
    }
    int heard;
    InProcessPops pops = new InProcessPops(this, commands);
    try (pops) {
      heard =
          pops.hearingEachOther(
              Duration.ofSeconds(9),
              i -> "http://" + ip(i) + ":9200/status",
              i -> token(fleet.resolve(POPS[i]).resolve("admin.key")));
    }
    assertEquals(POPS.length, heard, "every PoP hears the two others: " + err);
    for (int c : pops.codes()) {
      assertEquals(0, c, err.toString());
    }
  }

  /** The PoP's admin token (reads from loopback would be served without it). */
  private static String token(Path file) {
    try {
      return Files.readAllLines(file).get(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
