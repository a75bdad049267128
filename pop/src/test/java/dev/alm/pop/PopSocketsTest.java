package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.io.Clocks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sockets a PoP opens, as {@code ss} sees them: exactly the documented ones
 * (docs/operations/trust.md, "Sockets"), each on the address its configuration names, none on every
 * interface.
 */
class PopSocketsTest {

  private static final String HOST = "127.0.0.47";

  @TempDir Path dir;

  /** This JVM's TCP listeners and UDP sockets, as "proto address:port" ({@code ss -tuln}). */
  private static Set<String> sockets() throws Exception {
    long pid = ProcessHandle.current().pid();
    Process p = new ProcessBuilder("ss", "-tulpnH").redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(10, TimeUnit.SECONDS);
    Set<String> out = new TreeSet<>();
    for (String line : text.split("\n")) {
      if (!line.contains("pid=" + pid + ",")) {
        continue;
      }
      String[] f = line.trim().split("\\s+");
      String local = f[4].replace("[::ffff:", "").replace("]", "");
      out.add(f[0] + " " + local);
    }
    return out;
  }

  private static boolean ssAvailable() {
    try {
      return new ProcessBuilder("ss", "-V").start().waitFor(10, TimeUnit.SECONDS);
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  @Test
  void aPopOpensOnlyItsDocumentedSocketsOnItsConfiguredAddresses() throws Exception {
    assumeTrue(ssAvailable(), "ss (iproute2) is not installed");
    PopConfig c = DrlPops.alone(HOST, dir);
    int swim = c.drl().swim().port();
    Set<String> before = sockets();
    try (PopDaemon d = PopDaemon.start(c, false, Clocks.SYSTEM, l -> {})) {
      Set<String> opened = new TreeSet<>(sockets());
      opened.removeAll(before);
      Set<String> expected =
          new TreeSet<>(
              List.of(
                  "udp " + HOST + ":" + d.dnsAddress().getPort(),
                  "tcp " + HOST + ":" + d.dnsAddress().getPort(),
                  "tcp " + HOST + ":" + d.proxyAddress().getPort(),
                  "tcp " + HOST + ":" + d.adminAddress().getPort(),
                  "udp " + HOST + ":" + d.drl().agent().address().getPort(),
                  "tcp " + HOST + ":" + swim));
      assertEquals(
          expected, opened, "the PoP's sockets: DNS (UDP, TCP), proxy, admin, gossip, SWIM");
    }
  }
}
