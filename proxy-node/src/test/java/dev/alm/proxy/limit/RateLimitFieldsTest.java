package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The RateLimit-Policy and RateLimit values as draft-ietf-httpapi-ratelimit-headers spells them.
 */
class RateLimitFieldsTest {

  private static CustomerSpec spec(double rps, double bps, double perClient) {
    return new CustomerSpec("acme", List.of("acme.example"), rps, bps, 1, perClient, LimitMode.DRL);
  }

  @Test
  void thePolicyNamesTheGlobalLimitPerSecondAndThePerClientOne() {
    assertEquals("\"global\";q=1000;w=1", RateLimitFields.policy(spec(1000, 0, 0)));
    assertEquals(
        "\"global\";q=1000;w=1, \"client\";q=20;w=1", RateLimitFields.policy(spec(1000, 0, 20)));
    assertEquals(
        "\"global\";q=5000000;qu=\"content-bytes\";w=1", RateLimitFields.policy(spec(0, 5e6, 0)));
  }

  @Test
  void aLimitBelowOneASecondGetsTheWindowOneUnitTakes() {
    assertEquals("\"global\";q=1;w=4", RateLimitFields.policy(spec(0.25, 0, 0)));
    assertEquals("\"global\";q=1;w=3", RateLimitFields.policy(spec(0.4, 0, 0)));
    assertEquals(3600, RateLimitFields.window(1e-9), "at most an hour");
  }

  @Test
  void theServiceLimitIsWhatIsLeftInTheBucketAndTheSecondsToFillIt() {
    // 100 tokens/s, capacity 100, 40.7 left: 40 now, 60 missing take 0.6 s, named as 1
    assertEquals("\"global\";r=40;t=1", RateLimitFields.admitted("global", 40.7, 100, 100));
    // 10 tokens/s, capacity 100, 25 left: 75 missing take 7.5 s
    assertEquals("\"global\";r=25;t=8", RateLimitFields.admitted("global", 25, 100, 10));
    assertEquals("\"global\";r=100;t=0", RateLimitFields.admitted("global", 100, 100, 10));
    assertEquals("\"global\";r=0;t=3600", RateLimitFields.admitted("global", 0, 5, 0));
  }

  @Test
  void aRefusalHasNothingLeftUntilItsRetryAfter() {
    assertEquals("\"client\";r=0;t=4", RateLimitFields.refused("client", 4));
    assertEquals("\"global\";r=0;t=1", RateLimitFields.refused("global", 0));
  }
}
