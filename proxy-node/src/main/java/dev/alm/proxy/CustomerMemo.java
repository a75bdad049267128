package dev.alm.proxy;

import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerTable;

/**
 * The customer of a connection's Host name ({@link CustomerTable#match}), remembered while the
 * connection sends the same name and the table is not swapped: requests on one connection usually
 * share their Host. Used on the connection's event loop only.
 */
final class CustomerMemo {

  /** The customer of {@link #lastHost} in {@link #lastTable}. */
  private CustomerTable lastTable;

  private String lastHost;
  private CustomerLimiter lastCustomer;

  /** The customer with limits of {@code host} in {@code table}, or null. */
  CustomerLimiter of(CustomerTable table, String host) {
    if (table.isEmpty()) {
      return null;
    }
    if (table != lastTable || !host.equals(lastHost)) {
      lastCustomer = table.match(host);
      lastTable = table;
      lastHost = host;
    }
    return lastCustomer;
  }
}
