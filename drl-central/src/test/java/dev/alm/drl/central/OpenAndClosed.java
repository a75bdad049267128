package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

/**
 * A fail-open and a fail-closed client of one central store, asked together: what the tests of the
 * failure policies do while the store answers and after it is gone.
 */
record OpenAndClosed(CentralBaseline open, CentralBaseline closed) {

  /** Asks each client {@code n} times for one unit of {@code customer}. */
  void ask(String customer, int n) throws Exception {
    for (int i = 0; i < n; i++) {
      open.tryAcquire(customer, 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
      closed.tryAcquire(customer, 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
  }

  /**
   * With the store down, asks each client {@code n} times: the fail-open one admits, the
   * fail-closed one rejects, and each pair of calls ends within 2 s (each call is bounded by the
   * client's timeout; generous for a busy machine).
   */
  void assertPoliciesWhileDown(String customer, int n) throws Exception {
    for (int i = 0; i < n; i++) {
      long t0 = System.nanoTime();
      boolean ao = open.tryAcquire(customer, 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
      boolean ac = closed.tryAcquire(customer, 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
      long tookMs = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(ao, "fail-open admits while the store is down");
      assertFalse(ac, "fail-closed rejects while the store is down");
      assertTrue(tookMs < 2_000, "bounded by the timeout: " + tookMs + " ms");
    }
  }
}
