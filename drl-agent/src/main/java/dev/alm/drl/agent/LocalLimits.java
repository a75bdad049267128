package dev.alm.drl.agent;

import dev.alm.ratelimit.alloc.LocalMeasurement;
import java.util.List;

/**
 * The seam between a PoP's DRL agent and its enforcement (the proxy): the agent reads each
 * customer's local measurement once per estimate interval and sets the enforcement its allocator
 * decided. Calls come from the agent's event-loop thread; implementations must be safe to call from
 * it while the request path reads the share.
 */
public interface LocalLimits {

  /**
   * The customer's local demand: units that arrived (served or not) per second since the previous
   * call, measured up to {@code nowNanos} on the agent's monotonic clock.
   */
  double demand(String customer, long nowNanos);

  /** Sets the customer's local share to {@code rate} units/s, decided in {@code mode}. */
  void setShare(String customer, double rate, Mode mode);

  /**
   * What the PoP measured for the customer over the interval of {@code interval} seconds ending at
   * {@code nowNanos}: by default the {@link #demand}, served taken as equal to it, and no flow
   * information (paper 001 Fig. 2's flow sample; FPS then counts one flow).
   */
  default LocalMeasurement measure(String customer, long nowNanos, double interval) {
    double rate = demand(customer, nowNanos);
    if (!(rate >= 0) || Double.isInfinite(rate)) {
      rate = 0;
    }
    return LocalMeasurement.of(interval, rate * interval, rate * interval);
  }

  /**
   * Applies what the customer's allocator decided until the next interval: by default the share
   * rate ({@link CustomerShare#share}) through {@link #setShare}, which enforces a bucket's rate
   * exactly and a drop probability as the rate it let through the last interval.
   */
  default void enforce(CustomerShare share) {
    setShare(share.customer(), share.share(), share.mode());
  }

  /**
   * The customers with a per-key limit and their tables of keys, which the agent shares with the
   * other PoPs' ({@link KeySharing}); none by default. Read once a sharing round.
   */
  default List<KeyedCustomer> keyedCustomers() {
    return List.of();
  }
}
