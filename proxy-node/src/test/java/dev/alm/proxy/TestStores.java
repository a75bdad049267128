package dev.alm.proxy;

import dev.alm.io.Clocks;
import dev.alm.proxy.limit.CentralLimiter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Central stores for the proxy's tests, and a node that asks one. */
final class TestStores {
  private TestStores() {}

  /**
   * The central store, in memory: records each acquisition and its units; the test completes it.
   */
  static final class Pending implements CentralLimiter {
    final List<CompletableFuture<Boolean>> asked = new ArrayList<>();
    final List<Long> units = new ArrayList<>();

    @Override
    public CompletableFuture<Boolean> tryAcquire(String customer, long n) {
      CompletableFuture<Boolean> f = new CompletableFuture<>();
      asked.add(f);
      units.add(n);
      return f;
    }
  }

  /** A store that fails every acquisition (it is down). */
  static CentralLimiter down() {
    return (c, n) -> CompletableFuture.failedFuture(new IllegalStateException("down"));
  }

  /**
   * A node with the system's monotonic clock and wall clock 0 whose central customers ask {@code
   * store}.
   */
  static ProxyNode node(ProxyConfig cfg, CentralLimiter store) throws IOException {
    return new ProxyNode(cfg, new Clocks(System::nanoTime, () -> 0L), null, store);
  }
}
