package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet configured from the documentation alone: the script of docs/pop/fleet.md ("A fleet of
 * three PoPs on one machine"), read from the page so that the two cannot drift, writes every file;
 * three {@code alm pop} daemons start from them, find each other, and hold acme's global limit
 * while two of them take its traffic.
 */
class DocumentedFleetTest extends CliTest {

  private static final String[] POPS = {"a", "b", "c"};
  private static final double LIMIT = 60;

  @TempDir Path dir;

  /** The sh block after the {@code <!-- fleet-script -->} marker of docs/pop/fleet.md. */
  static String script() throws IOException {
    String page = Files.readString(Path.of("..", "docs", "pop", "fleet.md"));
    int marker = page.indexOf("<!-- fleet-script -->");
    assertTrue(marker >= 0, "docs/pop/fleet.md has the fleet script");
    int start = page.indexOf("```sh\n", marker) + "```sh\n".length();
    int end = page.indexOf("```\n", start);
    return page.substring(start, end);
  }

  private static String ip(int i) {
    return "127.0.0." + (11 + i);
  }

  @Test
  void theDocumentedFleetStartsAndHoldsACustomersGlobalLimit() throws Exception {
    Process p =
        new ProcessBuilder("bash", "-euc", script())
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the script ends");
    assertEquals(0, p.exitValue(), "the documented script runs: " + output);
    Path fleet = dir.resolve("fleet");
    List<String[]> commands = new ArrayList<>();
    for (String pop : POPS) {
      commands.add(
          new String[] {
            "pop",
            "--config",
            fleet.resolve("pop-" + pop + ".json").toString(),
            "--customers",
            fleet.resolve("customers.json").toString(),
            "--duration",
            "24"
          });
    }
    InProcessPops pops = new InProcessPops(this, commands);
    try (pops) {
      int heard =
          pops.hearingEachOther(
              Duration.ofSeconds(15), i -> "http://" + ip(i) + ":9200/status", i -> null);
      assertEquals(POPS.length, heard, "every PoP hears the two others: " + err);
      // acme's traffic at a and b, 50 requests/s each: 100 offered against a limit of 60
      AtomicLong[] served = {new AtomicLong(), new AtomicLong()};
      AtomicLong[] refused = {new AtomicLong(), new AtomicLong()};
      double seconds = 8;
      double warm = 3;
      List<Thread> load = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        int k = i;
        Thread t =
            new Thread(() -> drive(ip(k), 50, warm, seconds, served[k], refused[k]), "load-" + k);
        t.start();
        load.add(t);
      }
      for (Thread t : load) {
        t.join(TimeUnit.SECONDS.toMillis((long) seconds + 10));
      }
      double total = (served[0].get() + served[1].get()) / (seconds - warm);
      System.out.printf(
          "documented fleet: acme L = %.0f/s, offered 100/s at a and b; served %.1f/s (%.2f L):"
              + " a %d, b %d served, %d, %d refused%n",
          LIMIT,
          total,
          total / LIMIT,
          served[0].get(),
          served[1].get(),
          refused[0].get(),
          refused[1].get());
      assertTrue(total <= 1.3 * LIMIT, "the global limit holds across PoPs: " + total + "/s");
      assertTrue(total >= 0.6 * LIMIT, "and the PoPs serve about their shares: " + total + "/s");
      assertTrue(refused[0].get() + refused[1].get() > 0, "the excess is refused");
    }
    for (int c : pops.codes()) {
      assertEquals(0, c, err.toString());
    }
  }

  /** GETs for acme at {@code rate}/s for {@code seconds}; counts the answers after {@code warm}. */
  private static void drive(
      String ip, double rate, double warm, double seconds, AtomicLong served, AtomicLong refused) {
    long start = System.nanoTime();
    long sent = 0;
    while (System.nanoTime() - start < seconds * 1e9) {
      double now = (System.nanoTime() - start) / 1e9;
      if (sent >= rate * now) {
        LockSupport.parkNanos(1_000_000L);
        continue;
      }
      sent++;
      int code = get(ip);
      if (now >= warm) {
        (code == 200 ? served : refused).incrementAndGet();
      }
    }
  }

  private static int get(String ip) {
    try (Socket s = new Socket(ip, 8080)) {
      s.setSoTimeout(3000);
      s.getOutputStream()
          .write(
              "GET /bytes/10 HTTP/1.1\r\nHost: acme.example\r\nConnection: close\r\n\r\n"
                  .getBytes(StandardCharsets.US_ASCII));
      String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      return Integer.parseInt(all.substring(9, 12));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
