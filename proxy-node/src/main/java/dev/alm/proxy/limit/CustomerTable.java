package dev.alm.proxy.limit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The customers of a proxy by Host name: an exact name first, then the longest matching suffix
 * ({@code .example.com} matches {@code a.b.example.com}, not {@code example.com}). Immutable: a new
 * configuration builds a new table, swapped in atomically ({@link CustomerLimits}).
 */
public final class CustomerTable {

  /** The table of no customers. */
  static final CustomerTable EMPTY = new CustomerTable(List.of());

  private final List<CustomerLimiter> customers;
  private final Map<String, CustomerLimiter> exact = new HashMap<>();
  private final Map<String, CustomerLimiter> suffix = new HashMap<>();

  CustomerTable(List<CustomerLimiter> customers) {
    this.customers = List.copyOf(customers);
    for (CustomerLimiter c : customers) {
      for (String h : c.spec().hosts()) {
        (h.startsWith(".") ? suffix : exact).put(h, c);
      }
    }
  }

  /**
   * The customer of a Host name, or null.
   *
   * @param host lower-case, without port (the proxy's form); a trailing dot is ignored
   */
  public CustomerLimiter match(String host) {
    if (customers.isEmpty() || host.isEmpty()) {
      return null;
    }
    if (host.charAt(host.length() - 1) == '.') {
      host = host.substring(0, host.length() - 1);
    }
    CustomerLimiter c = exact.get(host);
    if (c != null || suffix.isEmpty()) {
      return c;
    }
    for (int i = host.indexOf('.'); i >= 0; i = host.indexOf('.', i + 1)) {
      c = suffix.get(host.substring(i));
      if (c != null) {
        return c;
      }
    }
    return null;
  }

  /** The customers, in config order. */
  public List<CustomerLimiter> customers() {
    return customers;
  }

  public boolean isEmpty() {
    return customers.isEmpty();
  }
}
