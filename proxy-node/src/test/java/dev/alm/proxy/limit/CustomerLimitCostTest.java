package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cost of a customer's limit on the request path, in one thread: the Host look-up, the
 * per-client bucket (Caffeine table, Bucket4j), the customer's bucket and the counters, as {@code
 * ProxyHandler} runs them for every request of a customer (the look-up is even cached per
 * connection there). Four set-ups measured in interleaved rounds: no customers (the empty table's
 * check), a customer with a requests/s limit, the same with a per-client limit, and the customer's
 * bucket with the RateLimit fields of every response formatted ({@link RateLimitFields}). Prints
 * nanoseconds per request, the best of the rounds, to set beside the proxy's CPU time per request
 * ({@code bench/proxy-limit.sh}, docs/ratelimit/enforcement.md, "Cost on the request path").
 * Asserts only what was counted: timing is printed, never asserted.
 *
 * <pre>./mvnw -B -o -q -pl proxy-node -am test -Dtest=CustomerLimitCostTest \
 *   -Dsurefire.failIfNoSpecifiedTests=false -Dcost.rounds=12</pre>
 */
class CustomerLimitCostTest {

  private static final int ROUND = 1_000_000;

  /**
   * Rounds per set-up, the first two the JIT's: 12 for the documented figures ({@code
   * -Dcost.rounds=12}), 3 in the suite.
   */
  private static final int ROUNDS = Integer.getInteger("cost.rounds", 3);

  private static final String[] HOSTS = {"127.0.0.1", "a.www.example"};
  private static final String[] CLIENTS = {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"};

  private static CustomerLimits limits(double perClient) {
    CustomerSpec bench =
        new CustomerSpec(
            "bench", List.of("127.0.0.1", ".example"), 1e9, 0, 1, perClient, LimitMode.DRL);
    return new CustomerLimits(
        CustomersConfig.NONE.withCustomers(List.of(bench)), null, null, System::nanoTime);
  }

  /**
   * One round: ns per request, the requests served added to {@code served[0]} and, with {@code
   * fields}, the characters of the RateLimit fields to {@code served[1]}.
   */
  private static double round(CustomerLimits limits, long[] served, boolean fields) {
    long t0 = System.nanoTime();
    for (int i = 0; i < ROUND; i++) {
      CustomerLimiter c = limits.match(HOSTS[i & 1]);
      if (c == null) {
        continue;
      }
      LimitDecision d = c.decide(CLIENTS[i & 3], null);
      if (d.outcome() == LimitDecision.Outcome.ADMIT) {
        c.served(1024, null);
        served[0]++;
      }
      if (fields) {
        served[1] += c.policyField().length() + d.rateLimitField().length();
      }
    }
    return (System.nanoTime() - t0) / (double) ROUND;
  }

  @Test
  void nanosecondsPerDecision() {
    CustomerLimits none = new CustomerLimits(CustomersConfig.NONE, null, null, System::nanoTime);
    CustomerLimits customer = limits(0);
    CustomerLimits perClient = limits(1e9);
    double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
    long[] served = {0, 0};
    for (int r = 0; r < ROUNDS; r++) {
      double[] ns = {
        round(none, served, false),
        round(customer, served, false),
        round(perClient, served, false),
        round(customer, served, true)
      };
      for (int k = 0; k < 4; k++) {
        if (r > 1) { // the first rounds are the JIT's
          best[k] = Math.min(best[k], ns[k]);
        }
      }
    }
    System.out.printf(
        "customer limits on the request path, ns per request (best of %d rounds of %d): no"
            + " customers %.1f, a customer's bucket %.1f, with a per-client bucket %.1f, a"
            + " customer's bucket and its RateLimit fields %.1f%n",
        ROUNDS - 2, ROUND, best[0], best[1], best[2], best[3]);
    assertEquals(3L * ROUNDS * ROUND, served[0], "a limit of 1e9/s rejects nothing");
    assertTrue(served[1] > ROUNDS * ROUND * 30L, "both fields on every response: " + served[1]);
    assertEquals((long) ROUNDS * ROUND, perClient.match("127.0.0.1").state().served());
  }
}
