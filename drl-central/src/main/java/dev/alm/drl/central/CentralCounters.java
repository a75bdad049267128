package dev.alm.drl.central;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a central limiter decided and why, as monotonic counts: answers from the store (admitted,
 * rejected), answers the {@link FailurePolicy} gave instead (after a timeout or an error), and
 * messages refused at the trust boundary. Lock-free; read by {@code /metrics} through {@link
 * #bindTo}.
 */
public final class CentralCounters {

  private final LongAdder admitted = new LongAdder();
  private final LongAdder rejected = new LongAdder();
  private final LongAdder failedOpen = new LongAdder();
  private final LongAdder failedClosed = new LongAdder();
  private final LongAdder timeouts = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final LongAdder unknownCustomer = new LongAdder();
  private final LongAdder unavailable = new LongAdder();
  private final LongAdder deferred = new LongAdder();

  /** Requests the store admitted. */
  public long admitted() {
    return admitted.sum();
  }

  /** Requests the store rejected (over the limit). */
  public long rejected() {
    return rejected.sum();
  }

  /** Requests admitted by the fail-open policy because the store did not answer. */
  public long failedOpen() {
    return failedOpen.sum();
  }

  /** Requests rejected by the fail-closed policy because the store did not answer. */
  public long failedClosed() {
    return failedClosed.sum();
  }

  /**
   * Calls whose failure was left to the caller ({@link FailurePolicy#DEFER}): the stage completed
   * exceptionally.
   */
  public long deferred() {
    return deferred.sum();
  }

  /**
   * Calls the store did not answer within the timeout (each also counted as failed open/closed).
   */
  public long timeouts() {
    return timeouts.sum();
  }

  /** Calls the store answered with an error (each also counted as failed open/closed). */
  public long errors() {
    return errors.sum();
  }

  /**
   * Calls answered by the policy at once, without asking, because the store timed out moments
   * before (each also counted as failed open/closed).
   */
  public long unavailable() {
    return unavailable.sum();
  }

  /** Calls for a customer without a configured limit (admitted, not sent to the store). */
  public long unknownCustomer() {
    return unknownCustomer.sum();
  }

  void countDecision(boolean ok) {
    (ok ? admitted : rejected).increment();
  }

  void countFailure(FailurePolicy policy, boolean timeout) {
    (timeout ? timeouts : errors).increment();
    outcome(policy).increment();
  }

  void countUnavailable(FailurePolicy policy) {
    unavailable.increment();
    outcome(policy).increment();
  }

  private LongAdder outcome(FailurePolicy policy) {
    return switch (policy) {
      case FAIL_OPEN -> failedOpen;
      case FAIL_CLOSED -> failedClosed;
      case DEFER -> deferred;
    };
  }

  void countUnknownCustomer() {
    unknownCustomer.increment();
  }

  /**
   * Registers the counts as {@code <prefix>_decisions_total{outcome=...}} on {@code registry}
   * (outcome: admitted, rejected, failed_open, failed_closed, deferred, unknown_customer) and
   * {@code <prefix>_store_failures_total{kind=timeout|error|unavailable}}.
   */
  public void bindTo(MeterRegistry registry, String prefix) {
    decision(registry, prefix, "admitted", admitted);
    decision(registry, prefix, "rejected", rejected);
    decision(registry, prefix, "failed_open", failedOpen);
    decision(registry, prefix, "failed_closed", failedClosed);
    decision(registry, prefix, "deferred", deferred);
    decision(registry, prefix, "unknown_customer", unknownCustomer);
    FunctionCounter.builder(prefix + "_store_failures", timeouts, LongAdder::sum)
        .tag("kind", "timeout")
        .register(registry);
    FunctionCounter.builder(prefix + "_store_failures", errors, LongAdder::sum)
        .tag("kind", "error")
        .register(registry);
    FunctionCounter.builder(prefix + "_store_failures", unavailable, LongAdder::sum)
        .tag("kind", "unavailable")
        .register(registry);
  }

  private static void decision(MeterRegistry r, String prefix, String outcome, LongAdder a) {
    FunctionCounter.builder(prefix + "_decisions", a, LongAdder::sum)
        .tag("outcome", outcome)
        .register(r);
  }

  /** The counts as a {@code /status} object. */
  public Map<String, Long> asMap() {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("admitted", admitted());
    m.put("rejected", rejected());
    m.put("failedOpen", failedOpen());
    m.put("failedClosed", failedClosed());
    m.put("deferred", deferred());
    m.put("timeouts", timeouts());
    m.put("errors", errors());
    m.put("unavailable", unavailable());
    m.put("unknownCustomer", unknownCustomer());
    return m;
  }

  @Override
  public String toString() {
    return "admitted="
        + admitted()
        + " rejected="
        + rejected()
        + " failedOpen="
        + failedOpen()
        + " failedClosed="
        + failedClosed()
        + " deferred="
        + deferred()
        + " timeouts="
        + timeouts()
        + " errors="
        + errors()
        + " unavailable="
        + unavailable();
  }
}
