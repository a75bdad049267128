package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.KeyDescriptor;
import dev.alm.proxy.limit.KeyRule;
import dev.alm.ratelimit.keys.KeyWindow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code alm pop} daemons with a customer limited per API key (docs/ratelimit/keys.md): one
 * key's real HTTP requests, alternating between the two PoPs' proxies, are admitted about the key's
 * limit in all, not the limit at each PoP, because the PoPs' agents share the key through its home.
 */
class PopKeysTest {

  /** The key's limit per hour. */
  static final int L = 30;

  static final CustomerSpec API =
      CustomerSpec.builder()
          .name("api")
          .hosts(List.of("api.example"))
          .keys(
              new KeyRule(
                  KeyDescriptor.of("header:X-Api-Key"),
                  L,
                  KeyWindow.parse("1h"),
                  Map.of(),
                  null,
                  1024))
          .build();

  @Test
  void oneKeyAtTwoPopsIsAdmittedItsLimitInAll(@TempDir Path dir) throws Exception {
    List<PopDaemon> pops = new ArrayList<>();
    try {
      for (PopConfig c : DrlPops.configs(2, dir, List.of(), null)) {
        pops.add(PopCustomersTest.start(PopCustomersTest.withCustomers(c, API)));
      }
      // sharing is live once each agent has taken a key datagram from the other (the peers'
      // signs of life come every 300 ms once membership has them up)
      long end = System.nanoTime() + 30_000_000_000L;
      while (System.nanoTime() < end && !(heard(pops.get(0)) && heard(pops.get(1)))) {
        Thread.sleep(50);
      }
      assertTrue(heard(pops.get(0)) && heard(pops.get(1)), "the agents never heard each other");
      int admitted = -1;
      for (int attempt = 0; attempt < 2 && admitted < 0; attempt++) {
        admitted = admittedInOneWindow(pops, "user-" + attempt);
      }
      assertTrue(admitted >= 0, "two window boundaries during the requests");
      System.out.println("admitted " + admitted + " of 60 for a limit of " + L);
      // alone, each PoP would admit the whole limit: 2 L
      assertTrue(
          admitted >= 0.9 * L && admitted <= 1.3 * L,
          admitted + " of 60 requests admitted for a limit of " + L);
    } finally {
      for (PopDaemon p : pops) {
        p.close();
      }
    }
  }

  private static boolean heard(PopDaemon p) {
    Object accepted = p.drl().agent().keyStatus().get("accepted");
    return accepted instanceof Number n && n.longValue() > 0;
  }

  /**
   * 60 requests of {@code key}, alternating between the PoPs, 50 ms apart; the requests admitted,
   * or -1 when an hour's boundary fell between the first and the last.
   */
  private static int admittedInOneWindow(List<PopDaemon> pops, String key) throws Exception {
    KeyWindow w = KeyWindow.parse("1h");
    long window = w.id(System.currentTimeMillis());
    int admitted = 0;
    String header = "X-Api-Key: " + key + "\r\n";
    try (PopCustomersTest.Client a =
            new PopCustomersTest.Client(pops.get(0).proxyAddress(), "api.example", header);
        PopCustomersTest.Client b =
            new PopCustomersTest.Client(pops.get(1).proxyAddress(), "api.example", header)) {
      for (int i = 0; i < 60; i++) {
        int status = (i % 2 == 0 ? a : b).get();
        assertTrue(status == 200 || status == 429, "status " + status);
        admitted += status == 200 ? 1 : 0;
        Thread.sleep(50);
      }
    }
    return w.id(System.currentTimeMillis()) == window ? admitted : -1;
  }
}
