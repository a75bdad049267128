package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.proxy.limit.CustomerLimiter;

/**
 * What a response is written for: the host and path of its access-log line, the counted probe it
 * answers (logged with it), and the customer whose bytes it counts and whose pace it keeps.
 *
 * @param probe the counted probe, or null
 * @param customer the customer with limits, or null
 */
record Served(String host, String path, ProbeName probe, CustomerLimiter customer) {

  /** A response counted against no customer and answering no counted probe. */
  static Served plain(String host, String path) {
    return new Served(host, path, null, null);
  }

  /** The answer to a probe, counted ({@code probe} not null) or refused (null). */
  static Served probe(String host, String path, ProbeName probe) {
    return new Served(host, path, probe, null);
  }

  /** Content for {@code customer} (null: a host of no customer with limits). */
  static Served content(String host, String path, CustomerLimiter customer) {
    return new Served(host, path, null, customer);
  }
}
