package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The {@code Retry-After} of a 429: the bucket's refill time in whole seconds, at least 1, and for
 * a bucket that follows a DRL share at most {@link LimitDecision#SHARE_RETRY_BOUND_NANOS}, however
 * far its share has fallen.
 */
class LimitDecisionTest {

  private static final long S = 1_000_000_000L;

  @Test
  void retryAfterIsTheRefillTimeInWholeSecondsAtLeastOne() {
    long u = LimitDecision.UNBOUNDED;
    assertEquals(1, LimitDecision.retryAfterSeconds(1, u));
    assertEquals(1, LimitDecision.retryAfterSeconds(0, u), "never 0");
    assertEquals(1, LimitDecision.retryAfterSeconds(S, u));
    assertEquals(2, LimitDecision.retryAfterSeconds(S + 1, u), "rounded up");
    assertEquals(4, LimitDecision.retryAfterSeconds(3_500_000_000L, u));
    assertEquals(1000, LimitDecision.retryAfterSeconds(1000 * S, u), "a fixed slow rate is true");
    assertTrue(LimitDecision.retryAfterSeconds(Long.MAX_VALUE, u) > 0, "no overflow");
  }

  @Test
  void aShareBucketsRetryAfterIsBounded() {
    long b = LimitDecision.SHARE_RETRY_BOUND_NANOS;
    assertEquals(2, LimitDecision.retryAfterSeconds(1000 * S, b), "the zero share's refill");
    assertEquals(2, LimitDecision.retryAfterSeconds(Long.MAX_VALUE, b));
    assertEquals(1, LimitDecision.retryAfterSeconds(300_000_000L, b), "shorter waits unchanged");
    assertEquals(2, LimitDecision.retryAfterSeconds(1_500_000_000L, b));
  }

  /**
   * A DRL customer whose share fell to 0 (the PoP had no demand): its bucket's refill at the
   * slowest rate Bucket4j holds is 1,000 s, which the 429 used to carry; now 2 s. A static
   * customer's fixed rate keeps its true refill time.
   */
  @Test
  void aZeroShareTellsClientsToComeBackWithinTwoSeconds() {
    AtomicLong now = new AtomicLong(1_000 * S);
    ShareSource zero =
        new ShareSource() {
          @Override
          public double share(String customer) {
            return 0;
          }

          @Override
          public void arrived(String customer, long units) {}
        };
    CustomerSpec drl =
        new CustomerSpec("acme", List.of("acme.example"), 100, 0, 1, 0, LimitMode.DRL);
    CustomerSpec slow =
        new CustomerSpec("slow", List.of("slow.example"), 0.01, 0, 1, 0, LimitMode.STATIC);
    CustomerLimits limits =
        new CustomerLimits(
            CustomersConfig.NONE.withCustomers(List.of(drl, slow)), zero, null, now::get);
    LimitDecision d = null;
    for (int i = 0; i < 5 && (d == null || d.outcome() != LimitDecision.Outcome.REJECT); i++) {
      d = limits.match("acme.example").decide("192.0.2.1", zero);
    }
    assertEquals(LimitDecision.Outcome.REJECT, d.outcome());
    assertEquals(2, d.retryAfterSeconds());
    LimitDecision s = null;
    for (int i = 0; i < 5 && (s == null || s.outcome() != LimitDecision.Outcome.REJECT); i++) {
      s = limits.match("slow.example").decide("192.0.2.1", zero);
    }
    assertEquals(LimitDecision.Outcome.REJECT, s.outcome());
    assertEquals(100, s.retryAfterSeconds(), "0.01/s: a token every 100 s");
  }
}
