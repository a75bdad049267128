package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A flood of forged (wrong-key) lease requests at a real token server over loopback UDP, from one
 * source address and from many, while real lease clients ask: the refusals must not starve the real
 * asks. Each flood runs for a few seconds at whatever rate this machine can send.
 */
class TokenServerFloodTest {

  private static final KeyRing KEYS = KeyRing.ofText("token-server-flood-key-001");

  /**
   * The same clients asking the same server for as long without a flood: what this machine's load
   * alone costs them (a client's 50 ms timeout is also missed when the machine is busy).
   */
  private static TokenFlood.Result quiet;

  /**
   * Failed legitimate asks tolerated per flood: 2% of the real asks (at least 5) more than failed
   * without a flood in the same run. Before the budget, 48 to 96 of ~500 failed (10-19%); on a busy
   * 2-core machine a flood of 240,000 forged requests a second has also left 7 of 1,146 (0.6%)
   * unanswered with the budget.
   */
  private static long tolerated(TokenFlood.Result r) {
    return Math.max(5, Math.round(0.02 * r.asks())) + quiet.legitFailures();
  }

  /**
   * One second of flood at a throwaway server first: the measured runs are of a server whose drop
   * path is compiled, as a running server's is. Then the clients alone, for the baseline.
   */
  @BeforeAll
  static void warmUp() throws Exception {
    run(1, Duration.ofSeconds(1));
    quiet = run(0, Duration.ofSeconds(4));
  }

  @Test
  void aForgedFloodFromOneAddressDoesNotStarveRealAsks() throws Exception {
    TokenFlood.Result r = run(1, Duration.ofSeconds(4));
    assertTrue(
        r.legitFailures() <= tolerated(r), "one address: " + r + "; without a flood: " + quiet);
  }

  @Test
  void aForgedFloodFromManyAddressesDoesNotStarveRealAsks() throws Exception {
    TokenFlood.Result r = run(200, Duration.ofSeconds(4));
    assertTrue(
        r.legitFailures() <= tolerated(r), "200 addresses: " + r + "; without a flood: " + quiet);
  }

  private static String refusals(TokenServerCore c) {
    StringBuilder b = new StringBuilder();
    for (LeaseRefusal x : LeaseRefusal.values()) {
      if (c.refused(x) > 0) {
        b.append(b.length() == 0 ? "" : ", ").append(x).append(' ').append(c.refused(x));
      }
    }
    return b.length() == 0 ? "none" : b.toString();
  }

  /** RcvbufErrors of /proc/net/snmp (Linux), or -1: datagrams the kernel dropped, full buffers. */
  private static long udpReceiveBufferErrors() {
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/net/snmp"));
      String[] names = null;
      for (String l : lines) {
        if (l.startsWith("Udp:")) {
          String[] f = l.split("\\s+");
          if (names == null) {
            names = f;
          } else {
            for (int i = 0; i < names.length; i++) {
              if (names[i].equals("RcvbufErrors")) {
                return Long.parseLong(f[i]);
              }
            }
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return -1;
  }

  private static TokenFlood.Result run(int floodAddresses, Duration d) throws Exception {
    TokenServerSettings s = TokenServerSettings.DEFAULTS.withBatchSeconds(0.001);
    TokenServerCore core =
        new TokenServerCore(
            new LeaseCodec(KEYS), s, List.of(new CentralLimit("acme", 10_000, 10_000)), 0);
    InetSocketAddress bind = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0);
    try (TokenServer server = TokenServer.start(core, bind)) {
      TokenFlood flood =
          new TokenFlood(server.address(), KEYS, 3, 300, floodAddresses, 1, d, 5_000_000);
      long drops0 = udpReceiveBufferErrors();
      TokenFlood.Result r = flood.run();
      System.out.println(
          "token server flood, "
              + floodAddresses
              + " address(es): "
              + r
              + "; server: "
              + server.core().requests()
              + " requests, refused "
              + refusals(server.core())
              + "; UDP receive-buffer drops on the host "
              + (udpReceiveBufferErrors() - drops0));
      return r;
    }
  }
}
