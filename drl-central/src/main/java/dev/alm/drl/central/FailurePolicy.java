package dev.alm.drl.central;

/**
 * What a central limiter answers when its store cannot answer in time: the question every central
 * design must settle (article 002 section 4: a token server or a storage system is a single point
 * of failure). Envoy's rate-limit service and Sentinel's cluster mode fail open by default, which
 * is how a customer runs far over its limit while Redis is down; failing closed rejects every
 * request of the customer instead.
 */
public enum FailurePolicy {
  /** Admit the request: the customer is unlimited while the store is unreachable. */
  FAIL_OPEN,
  /** Reject the request: the customer is served nothing while the store is unreachable. */
  FAIL_CLOSED;

  /** The answer to give when the store failed or timed out. */
  public boolean admits() {
    return this == FAIL_OPEN;
  }

  /** Parses {@code open} or {@code closed} (case-insensitive). */
  public static FailurePolicy parse(String text) {
    return switch (text.toLowerCase(java.util.Locale.ROOT)) {
      case "open", "fail-open" -> FAIL_OPEN;
      case "closed", "fail-closed" -> FAIL_CLOSED;
      default -> throw new IllegalArgumentException("open or closed, got '" + text + "'");
    };
  }
}
