package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.proxy.limit.CustomerLimiter;

/**
 * What a response is written for: the host and path of its access-log line, the counted probe it
 * answers (logged with it), and the customer whose bytes it counts and whose pace it keeps.
 *
 * @param probe the counted probe, or null
 * @param customer the customer with limits, or null
 * @param rateLimit the {@code RateLimit} field of the customer's decision for this request, or null
 *     (no count to tell, or the fields are off)
 * @param refusedFor the customer of a request refused without its content (over a limit, shed): it
 *     counts nothing against it, and only the access log reads it, for the path's key
 */
record Served(
    String host,
    String path,
    ProbeName probe,
    CustomerLimiter customer,
    String rateLimit,
    CustomerLimiter refusedFor) {

  /**
   * The path as the access log holds it: a customer's {@code query:} key replaced by its hash
   * ({@link CustomerLimiter#loggedTarget}), computed only when a line is written.
   */
  String loggedPath() {
    CustomerLimiter c = customer != null ? customer : refusedFor;
    return c == null ? path : c.loggedTarget(path);
  }

  /** A response counted against no customer and answering no counted probe. */
  static Served plain(String host, String path) {
    return new Served(host, path, null, null, null, null);
  }

  /**
   * A refusal of a request of {@code customer} (null: of no customer with limits): counted against
   * no one, logged with the customer's key hashed.
   */
  static Served refused(String host, String path, CustomerLimiter customer) {
    return new Served(host, path, null, null, null, customer);
  }

  /** The answer to a probe, counted ({@code probe} not null) or refused (null). */
  static Served probe(String host, String path, ProbeName probe) {
    return new Served(host, path, probe, null, null, null);
  }

  /** Content for {@code customer} (null: a host of no customer with limits). */
  static Served content(String host, String path, CustomerLimiter customer) {
    return new Served(host, path, null, customer, null, null);
  }

  /** Content for {@code customer} whose decision gave the {@code RateLimit} field {@code field}. */
  static Served content(String host, String path, CustomerLimiter customer, String field) {
    return new Served(host, path, null, customer, field, null);
  }
}
