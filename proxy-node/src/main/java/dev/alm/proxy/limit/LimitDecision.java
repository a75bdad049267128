package dev.alm.proxy.limit;

/**
 * The outcome of a customer's limit for one request (a typed result: the handler cannot forget a
 * case).
 *
 * @param outcome admitted, rejected (429), or to be decided by the central store
 * @param retryAfterSeconds for a rejected request, the {@code Retry-After} value ({@link
 *     #retryAfterSeconds(long, long)}); 0 otherwise
 * @param customer the customer the request belongs to
 * @param policy for a rejected request, the policy that refused it ({@link RateLimitFields#GLOBAL}
 *     or {@link RateLimitFields#CLIENT}); for an admitted one, {@link RateLimitFields#GLOBAL} when
 *     this PoP's token bucket counted it; null otherwise ({@link RateLimitFields#KEY} for a request
 *     refused by its key's limit)
 * @param keyLeft for a request its key's limit admitted, the requests the key has left in its
 *     window here; -1 when no key limit counted it
 * @param keySeconds the whole seconds to the end of that window
 */
public record LimitDecision(
    Outcome outcome,
    long retryAfterSeconds,
    CustomerLimiter customer,
    String policy,
    long keyLeft,
    long keySeconds) {

  /** A decision no key limit counted. */
  public LimitDecision(
      Outcome outcome, long retryAfterSeconds, CustomerLimiter customer, String policy) {
    this(outcome, retryAfterSeconds, customer, policy, -1, 0);
  }

  /** This admitted decision with what the key's limit left. */
  LimitDecision withKey(long left, long seconds) {
    return new LimitDecision(outcome, retryAfterSeconds, customer, policy, left, seconds);
  }

  /**
   * The longest wait a 429 names for a bucket whose rate follows a DRL share: 2 s. The share is
   * recomputed every estimate interval (50 ms) from the PoP's demand averaged with paper 001's
   * 1-second EWMA parameter 0.1, so new demand at a PoP whose share had fallen to about 0 is 90% of
   * the average after 1 s and 99% after 2 s, and the share has followed it; the bucket's own refill
   * time at the fallen rate (up to 1,000 s at a share of 0, the bucket's slowest refill) says
   * nothing of when a request would be admitted.
   */
  public static final long SHARE_RETRY_BOUND_NANOS = 2_000_000_000L;

  /** No bound: the bucket's rate is fixed, so its refill time is when a token is there. */
  public static final long UNBOUNDED = Long.MAX_VALUE;

  /** What the handler does with the request. */
  public enum Outcome {
    ADMIT,
    REJECT,
    CENTRAL
  }

  static LimitDecision reject(
      CustomerLimiter c, String policy, long nanosToWait, long atMostNanos) {
    return new LimitDecision(
        Outcome.REJECT, retryAfterSeconds(nanosToWait, atMostNanos), c, policy);
  }

  /**
   * The {@code RateLimit} field of the response to this request ({@link RateLimitFields}): the
   * policy that refused it with nothing left until its Retry-After, or, for an admitted request of
   * a customer whose share a token bucket enforces here, what is left in that bucket; null when
   * this PoP has no count to tell (a central or drop-probability customer's admitted request).
   */
  public String rateLimitField() {
    String key = keyLeft < 0 ? null : RateLimitFields.keyLeft(keyLeft, keySeconds);
    String field =
        switch (outcome) {
          case REJECT -> RateLimitFields.refused(policy, retryAfterSeconds);
          case ADMIT -> policy == null ? null : customer.rateLimitField();
          case CENTRAL -> null;
        };
    return key == null ? field : field == null ? key : field + ", " + key;
  }

  /**
   * The {@code Retry-After} of a 429 (RFC 6585 section 4; whole seconds, RFC 9110 section 10.2.3):
   * the bucket's time to hold a token again, at most {@code atMostNanos}, rounded up to whole
   * seconds and at least 1.
   *
   * @param nanosToWait the bucket's refill time for the token, ns
   * @param atMostNanos the bound ({@link #SHARE_RETRY_BOUND_NANOS}, or {@link #UNBOUNDED})
   */
  public static long retryAfterSeconds(long nanosToWait, long atMostNanos) {
    long n = Math.max(1, Math.min(nanosToWait, atMostNanos));
    return Math.max(1, (n - 1) / 1_000_000_000L + 1);
  }
}
