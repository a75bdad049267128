package dev.alm.proxy.limit;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The Micrometer binding of a proxy's customers: per customer {@code alm_customer_requests_total}
 * by outcome (served, rejected), {@code alm_customer_bytes_total}, {@code alm_customer_share} and
 * {@code alm_customer_limit} (the customer's unit per second), {@code
 * alm_customer_central_failures_total}; and {@code alm_customer_updates_total} by outcome (applied,
 * refused). Meters read the lock-free counters when scraped; a customer added at run time gets its
 * meters then.
 */
public final class CustomerMetrics {

  private CustomerMetrics() {}

  /** Registers the meters of every customer, now and later, tagged with the PoP id. */
  public static void bind(CustomerLimits limits, MeterRegistry registry, String pop) {
    Map<String, ToDoubleFunction<CustomerLimits>> updates =
        Map.of(
            "applied", CustomerLimits::updatesApplied, "refused", CustomerLimits::updatesRefused);
    updates.forEach(
        (outcome, count) ->
            FunctionCounter.builder("alm.customer.updates", limits, count)
                .tag("pop", pop)
                .tag("outcome", outcome)
                .description("Customer tables replaced through POST /customers, by outcome")
                .register(registry));
    limits.onCustomer(s -> bind(s, registry, pop));
  }

  private static void bind(CustomerState s, MeterRegistry registry, String pop) {
    Tags t = Tags.of("pop", pop, "customer", s.name());
    Map<String, ToDoubleFunction<CustomerState>> requests =
        Map.of("served", CustomerState::served, "rejected", CustomerState::rejected);
    requests.forEach(
        (outcome, count) ->
            FunctionCounter.builder("alm.customer.requests", s, count)
                .tags(t)
                .tag("outcome", outcome)
                .description("Requests of a customer, served or rejected by its limit (429)")
                .register(registry));
    FunctionCounter.builder("alm.customer.bytes", s, CustomerState::bytes)
        .tags(t)
        .description("Response bytes served to a customer")
        .register(registry);
    FunctionCounter.builder("alm.customer.central.failures", s, CustomerState::centralFailures)
        .tags(t)
        .description("Central-store answers that failed or timed out")
        .register(registry);
    Gauge.builder("alm.customer.share", s, CustomerState::share)
        .tags(t)
        .description("This PoP's share of the customer's limit, its unit per second")
        .register(registry);
    FunctionCounter.builder("alm.customer.key.rejected", s, CustomerState::keyRejected)
        .tags(t)
        .description("Requests of a customer refused by their key's limit (429)")
        .register(registry);
    Gauge.builder("alm.customer.keys", s, x -> x.keyed() == null ? 0 : x.keyed().keys())
        .tags(t)
        .description("Keys of a customer's per-key limit held at this PoP")
        .register(registry);
    Gauge.builder("alm.customer.limit", s, CustomerState::limit)
        .tags(t)
        .description("The customer's global limit, its unit per second")
        .register(registry);
  }
}
