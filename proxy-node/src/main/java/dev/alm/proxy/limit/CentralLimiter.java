package dev.alm.proxy.limit;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A central store that decides a {@link LimitMode#CENTRAL} customer's requests: a token bucket in
 * Redis or a token server (article 002's storage-based throttling and TokenServer; the baselines of
 * docs/ratelimit/central.md). The proxy asks it for every such request and waits asynchronously, on
 * the connection's event loop; a stage that fails or does not complete within the configured
 * timeout is decided by the proxy's {@code centralFailOpen} policy and counted.
 */
@FunctionalInterface
public interface CentralLimiter {

  /**
   * Takes {@code units} of the customer's global limit.
   *
   * @return a stage completing with true to admit, false to reject; it must not block the caller
   */
  CompletionStage<Boolean> tryAcquire(String customer, long units);

  /**
   * The proxy's customers in mode central, each time its customers are set (at start and on every
   * {@code POST /customers}), before the new table takes requests. A store that holds the limits
   * itself (a Redis bucket per customer) takes theirs, so that a customer made central at run time
   * is limited exactly as one configured at start; a store whose limits live elsewhere (the token
   * server's) keeps the default, which does nothing.
   */
  default void setCustomers(List<CustomerSpec> central) {}
}
