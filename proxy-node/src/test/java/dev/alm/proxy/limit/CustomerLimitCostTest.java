package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cost of a customer's limit on the request path, in one thread: the Host look-up, the
 * per-client bucket (Caffeine table, Bucket4j), the customer's bucket and the counters, as {@code
 * ProxyHandler} runs them for every request of a customer (the look-up is even cached per
 * connection there). Prints nanoseconds per request, the best of five rounds, to set beside the
 * proxy's CPU time per request ({@code bench/proxy-limit.sh}, docs/ratelimit.md, "Cost on the
 * request path"). Asserts only what was counted: timing is printed, never asserted.
 *
 * <pre>./mvnw -B -o -q -pl proxy-node -am test -Dtest=CustomerLimitCostTest \
 *   -Dsurefire.failIfNoSpecifiedTests=false</pre>
 */
class CustomerLimitCostTest {

  private static final int ROUND = 2_000_000;

  @Test
  void nanosecondsPerDecision() {
    CustomerSpec bench =
        new CustomerSpec("bench", List.of("127.0.0.1", ".example"), 1e9, 0, 1, 1e9, LimitMode.DRL);
    CustomerSpec other =
        new CustomerSpec("other", List.of(".other.example"), 1e9, 0, 1, 0, LimitMode.STATIC);
    CustomerLimits limits =
        new CustomerLimits(
            CustomersConfig.NONE.withCustomers(List.of(bench, other)),
            null,
            null,
            System::nanoTime);
    String[] hosts = {"127.0.0.1", "www.example"};
    String[] clients = {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"};
    long served = 0;
    double best = Double.MAX_VALUE;
    for (int round = 0; round < 6; round++) {
      long t0 = System.nanoTime();
      for (int i = 0; i < ROUND; i++) {
        CustomerLimiter c = limits.match(hosts[i & 1]);
        LimitDecision d = c.decide(clients[i & 3], null);
        if (d.outcome() == LimitDecision.Outcome.ADMIT) {
          c.served(1024, null);
          served++;
        }
      }
      double ns = (System.nanoTime() - t0) / (double) ROUND;
      if (round > 0) { // the first round is the JIT's
        best = Math.min(best, ns);
      }
    }
    System.out.printf(
        "customer limit on the request path: %.1f ns per request (Host look-up, per-client and"
            + " customer buckets, counters; best of 5 rounds of %d)%n",
        best, ROUND);
    assertEquals(6L * ROUND, served, "a limit of 1e9/s rejects nothing");
    assertEquals(6L * ROUND, limits.match("127.0.0.1").state().served());
  }
}
