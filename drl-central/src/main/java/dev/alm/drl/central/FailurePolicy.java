package dev.alm.drl.central;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * What a central limiter answers when its store cannot answer in time: the question every central
 * design must settle (article 002 section 4: a token server or a storage system is a single point
 * of failure). Envoy's rate-limit service and Sentinel's cluster mode fail open by default, which
 * is how a customer runs far over its limit while Redis is down; failing closed rejects every
 * request of the customer instead. {@link #DEFER} leaves the answer to a caller with a policy of
 * its own (the proxy's {@code centralFailOpen}).
 */
public enum FailurePolicy {
  /** Admit the request: the customer is unlimited while the store is unreachable. */
  FAIL_OPEN,
  /** Reject the request: the customer is served nothing while the store is unreachable. */
  FAIL_CLOSED,
  /**
   * Complete the stage exceptionally with {@link CentralUnavailableException}: the caller's own
   * failure policy decides (and counts). The limiter still counts the failure, as deferred.
   */
  DEFER;

  /** The answer to give when the store failed or timed out (false for {@link #DEFER}). */
  public boolean admits() {
    return this == FAIL_OPEN;
  }

  /**
   * Completes {@code f} as this policy answers a failed or late store; true if this completed it.
   */
  boolean answer(CompletableFuture<Boolean> f) {
    return this == DEFER
        ? f.completeExceptionally(CentralUnavailableException.INSTANCE)
        : f.complete(admits());
  }

  /** A stage already completed as this policy answers. */
  CompletableFuture<Boolean> answered() {
    CompletableFuture<Boolean> f = new CompletableFuture<>();
    answer(f);
    return f;
  }

  /** The name in configs and status: {@code open}, {@code closed} or {@code defer}. */
  public String label() {
    return switch (this) {
      case FAIL_OPEN -> "open";
      case FAIL_CLOSED -> "closed";
      case DEFER -> "defer";
    };
  }

  /** Parses {@code open}, {@code closed} or {@code defer} (case-insensitive). */
  public static FailurePolicy parse(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "open", "fail-open" -> FAIL_OPEN;
      case "closed", "fail-closed" -> FAIL_CLOSED;
      case "defer" -> DEFER;
      default -> throw new IllegalArgumentException("open, closed or defer, got '" + text + "'");
    };
  }
}
