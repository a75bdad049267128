package dev.alm.proxy.limit;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The customers a proxy enforces and how (docs/ratelimit/enforcement.md). Immutable and checked at
 * construction: names and hosts are unique across customers.
 *
 * @param customers the customers, in config order
 * @param limiters N, the PoPs sharing each limit: {@link LimitMode#STATIC} and the safe share use
 *     L/N (in {@code alm pop}, the DRL agent's N)
 * @param centralFailOpen whether a {@link LimitMode#CENTRAL} request is admitted when the store
 *     fails or times out (true) or rejected (false)
 * @param centralTimeout how long a request waits for the central store
 * @param maxClients the most client addresses tracked per customer for per-client limits
 * @param rateLimitHeaders whether limited customers' responses carry the {@code RateLimit-Policy}
 *     and {@code RateLimit} fields ({@link RateLimitFields})
 */
public record CustomersConfig(
    List<CustomerSpec> customers,
    int limiters,
    boolean centralFailOpen,
    Duration centralTimeout,
    int maxClients,
    boolean rateLimitHeaders) {

  public static final int DEFAULT_LIMITERS = 1;
  public static final boolean DEFAULT_CENTRAL_FAIL_OPEN = false;
  public static final Duration DEFAULT_CENTRAL_TIMEOUT = Duration.ofMillis(100);
  public static final int DEFAULT_MAX_CLIENTS = 65_536;
  public static final boolean DEFAULT_RATE_LIMIT_HEADERS = true;

  /** No customers: nothing is limited. */
  public static final CustomersConfig NONE =
      new CustomersConfig(
          List.of(),
          DEFAULT_LIMITERS,
          DEFAULT_CENTRAL_FAIL_OPEN,
          DEFAULT_CENTRAL_TIMEOUT,
          DEFAULT_MAX_CLIENTS,
          DEFAULT_RATE_LIMIT_HEADERS);

  /** Settings with the RateLimit fields on ({@link #DEFAULT_RATE_LIMIT_HEADERS}). */
  public CustomersConfig(
      List<CustomerSpec> customers,
      int limiters,
      boolean centralFailOpen,
      Duration centralTimeout,
      int maxClients) {
    this(
        customers,
        limiters,
        centralFailOpen,
        centralTimeout,
        maxClients,
        DEFAULT_RATE_LIMIT_HEADERS);
  }

  public CustomersConfig {
    if (customers == null) {
      throw new IllegalArgumentException("customers: required (an empty list for none)");
    }
    customers = List.copyOf(customers);
    if (limiters < 1 || limiters > 100_000) {
      throw new IllegalArgumentException("limiters: must be in [1, 100000], got " + limiters);
    }
    if (centralTimeout == null
        || centralTimeout.toMillis() < 1
        || centralTimeout.compareTo(Duration.ofSeconds(60)) > 0) {
      throw new IllegalArgumentException("centralTimeoutMs: must be in [1, 60000]");
    }
    if (maxClients < 1 || maxClients > 10_000_000) {
      throw new IllegalArgumentException("maxClients: must be in [1, 10000000], got " + maxClients);
    }
    Set<String> names = new HashSet<>();
    Set<String> hosts = new HashSet<>();
    for (CustomerSpec c : customers) {
      if (!names.add(c.name())) {
        throw new IllegalArgumentException("customers: the name '" + c.name() + "' is used twice");
      }
      for (String h : c.hosts()) {
        if (!hosts.add(h)) {
          throw new IllegalArgumentException(
              "customers: the host '" + h + "' belongs to two customers");
        }
      }
    }
  }

  /** This configuration with other customers (the same settings). */
  public CustomersConfig withCustomers(List<CustomerSpec> c) {
    return new CustomersConfig(
        c, limiters, centralFailOpen, centralTimeout, maxClients, rateLimitHeaders);
  }

  /** This configuration with N = {@code n}. */
  public CustomersConfig withLimiters(int n) {
    return new CustomersConfig(
        customers, n, centralFailOpen, centralTimeout, maxClients, rateLimitHeaders);
  }

  /** A builder at the named defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.customers = customers;
    b.limiters = limiters;
    b.centralFailOpen = centralFailOpen;
    b.centralTimeout = centralTimeout;
    b.maxClients = maxClients;
    b.rateLimitHeaders = rateLimitHeaders;
    return b;
  }

  /** Customer settings at their named defaults (no customer) until set. */
  public static final class Builder {
    private List<CustomerSpec> customers = List.of();
    private int limiters = DEFAULT_LIMITERS;
    private boolean centralFailOpen = DEFAULT_CENTRAL_FAIL_OPEN;
    private Duration centralTimeout = DEFAULT_CENTRAL_TIMEOUT;
    private int maxClients = DEFAULT_MAX_CLIENTS;
    private boolean rateLimitHeaders = DEFAULT_RATE_LIMIT_HEADERS;

    private Builder() {}

    public Builder customers(List<CustomerSpec> v) {
      customers = v;
      return this;
    }

    public Builder limiters(int v) {
      limiters = v;
      return this;
    }

    public Builder centralFailOpen(boolean v) {
      centralFailOpen = v;
      return this;
    }

    public Builder centralTimeout(Duration v) {
      centralTimeout = v;
      return this;
    }

    public Builder maxClients(int v) {
      maxClients = v;
      return this;
    }

    public Builder rateLimitHeaders(boolean v) {
      rateLimitHeaders = v;
      return this;
    }

    /** The settings, checked by the record; IllegalArgumentException names the refused field. */
    public CustomersConfig build() {
      return new CustomersConfig(
          customers, limiters, centralFailOpen, centralTimeout, maxClients, rateLimitHeaders);
    }
  }
}
