package dev.alm.proxy.limit;

/**
 * The outcome of a customer's limit for one request (a typed result: the handler cannot forget a
 * case).
 *
 * @param outcome admitted, rejected (429), or to be decided by the central store
 * @param retryAfterSeconds for a rejected request, the {@code Retry-After} value (whole seconds, at
 *     least one, from the bucket's refill); 0 otherwise
 * @param customer the customer the request belongs to
 */
public record LimitDecision(Outcome outcome, long retryAfterSeconds, CustomerLimiter customer) {

  /** What the handler does with the request. */
  public enum Outcome {
    ADMIT,
    REJECT,
    CENTRAL
  }

  static LimitDecision reject(CustomerLimiter c, long nanosToWait) {
    return new LimitDecision(
        Outcome.REJECT, Math.max(1, (nanosToWait + 999_999_999L) / 1_000_000_000L), c);
  }
}
