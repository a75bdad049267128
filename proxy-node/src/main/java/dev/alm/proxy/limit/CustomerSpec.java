package dev.alm.proxy.limit;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One customer of the CDN and the global limit it bought (paper 001 section 2.2: one aggregate
 * limit enforced across all sites), as configured. Immutable and checked at construction: a bad
 * value fails with {@code field: reason}.
 *
 * <p>The customer is matched by the request's Host name: an exact name ({@code api.example.com}) or
 * a suffix ({@code .example.com}: any name below it, not the name itself). The limit is in
 * requests/s, bytes/s or both (0 = none). The DRL agent shares one unit per customer: requests when
 * the customer has a requests/s limit, else bytes ({@link #unit()}); a PoP's share of the other
 * unit follows the same fraction of the global limit. In mode central the store holds one bucket in
 * the customer's one unit: requests/s or bytes/s, not both.
 *
 * @param name the customer's name (letters, digits, {@code . _ -}; at most 64 characters)
 * @param hosts the Host names it owns, lower-case; at least one
 * @param requestsPerSecond the global limit in requests/s, or 0 for none
 * @param bytesPerSecond the global limit in response bytes/s, or 0 for none
 * @param burstSeconds how many seconds of the local rate may arrive at once
 * @param perClientRequestsPerSecond a limit per client address at this PoP, requests/s, or 0
 * @param mode where the local share comes from
 * @param algorithm for mode drl, the allocation algorithm the PoPs' agents share the limit with
 *     ({@link #ALGORITHMS}; docs/ratelimit/agent.md); {@code null} for the default
 * @param keys a limit per key across PoPs (docs/ratelimit/keys.md), or null for none
 */
public record CustomerSpec(
    String name,
    List<String> hosts,
    double requestsPerSecond,
    double bytesPerSecond,
    double burstSeconds,
    double perClientRequestsPerSecond,
    LimitMode mode,
    String algorithm,
    KeyRule keys) {

  /** The DRL algorithms a customer may name, as the agent spells them. */
  public static final List<String> ALGORITHMS =
      List.of("share", "grd", "fps", "gtb", "ctb", "gdrl", "dst");

  /** The default burst: one second of the local rate. */
  public static final double DEFAULT_BURST_SECONDS = 1.0;

  /** The mode of a customer that names none. */
  public static final LimitMode DEFAULT_MODE = LimitMode.DRL;

  /** The highest rate in either unit (a token bucket refills at most one token per ns). */
  public static final double MAX_RATE = 1e12;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final Pattern HOST = Pattern.compile("\\.?[a-z0-9_-]+(\\.[a-z0-9_-]+)*");

  public CustomerSpec {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "name: letters, digits, '.', '_' or '-', 1 to 64 characters, got '" + name + "'");
    }
    if (hosts == null || hosts.isEmpty()) {
      throw new IllegalArgumentException("hosts: at least one host name or .suffix");
    }
    hosts = hosts.stream().map(CustomerSpec::normalHost).toList();
    for (String h : hosts) {
      if (h.length() > 253 || !HOST.matcher(h).matches()) {
        throw new IllegalArgumentException(
            "hosts: '" + h + "' is not a host name (exact) or .suffix");
      }
    }
    rate("requestsPerSecond", requestsPerSecond);
    rate("bytesPerSecond", bytesPerSecond);
    rate("perClientRequestsPerSecond", perClientRequestsPerSecond);
    if (requestsPerSecond == 0 && bytesPerSecond == 0 && keys == null) {
      throw new IllegalArgumentException(
          "requestsPerSecond: a customer needs requestsPerSecond or bytesPerSecond (or both) > 0,"
              + " or keys");
    }
    if (!(burstSeconds > 0) || !(burstSeconds <= 60)) {
      throw new IllegalArgumentException("burstSeconds: must be in (0, 60], got " + burstSeconds);
    }
    if (mode == null) {
      throw new IllegalArgumentException("mode: one of drl, independent, static, central");
    }
    if (algorithm != null && !ALGORITHMS.contains(algorithm)) {
      throw new IllegalArgumentException(
          "algorithm: one of " + String.join("|", ALGORITHMS) + ", got '" + algorithm + "'");
    }
    if ("ctb".equals(algorithm)) {
      throw new IllegalArgumentException(
          "algorithm: ctb is one bucket for all PoPs, held by a token server: use mode central");
    }
    if (algorithm != null && mode != LimitMode.DRL) {
      throw new IllegalArgumentException(
          "algorithm: only a customer in mode drl has one, this one is in mode " + mode.label());
    }
    if (mode == LimitMode.CENTRAL && requestsPerSecond > 0 && bytesPerSecond > 0) {
      throw new IllegalArgumentException(
          "bytesPerSecond: mode central limits requests/s or bytes/s, not both");
    }
  }

  /** A customer without a per-key limit. */
  public CustomerSpec(
      String name,
      List<String> hosts,
      double requestsPerSecond,
      double bytesPerSecond,
      double burstSeconds,
      double perClientRequestsPerSecond,
      LimitMode mode,
      String algorithm) {
    this(
        name,
        hosts,
        requestsPerSecond,
        bytesPerSecond,
        burstSeconds,
        perClientRequestsPerSecond,
        mode,
        algorithm,
        null);
  }

  /** A customer with the default algorithm. */
  public CustomerSpec(
      String name,
      List<String> hosts,
      double requestsPerSecond,
      double bytesPerSecond,
      double burstSeconds,
      double perClientRequestsPerSecond,
      LimitMode mode) {
    this(
        name,
        hosts,
        requestsPerSecond,
        bytesPerSecond,
        burstSeconds,
        perClientRequestsPerSecond,
        mode,
        null);
  }

  /**
   * A builder with the named defaults: no name or host (both must be set), no limit in either unit
   * (one must be set), {@link #DEFAULT_BURST_SECONDS}, no limit per client, {@link #DEFAULT_MODE}
   * and the default algorithm.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link CustomerSpec}; each setter names one field, the rest keep their defaults. */
  public static final class Builder {
    private String name;
    private List<String> hosts = List.of();
    private double requestsPerSecond;
    private double bytesPerSecond;
    private double burstSeconds = DEFAULT_BURST_SECONDS;
    private double perClientRequestsPerSecond;
    private LimitMode mode = DEFAULT_MODE;
    private String algorithm;
    private KeyRule keys;

    private Builder() {}

    public Builder name(String v) {
      name = v;
      return this;
    }

    public Builder hosts(List<String> v) {
      hosts = v;
      return this;
    }

    public Builder requestsPerSecond(double v) {
      requestsPerSecond = v;
      return this;
    }

    public Builder bytesPerSecond(double v) {
      bytesPerSecond = v;
      return this;
    }

    public Builder burstSeconds(double v) {
      burstSeconds = v;
      return this;
    }

    public Builder perClientRequestsPerSecond(double v) {
      perClientRequestsPerSecond = v;
      return this;
    }

    public Builder mode(LimitMode v) {
      mode = v;
      return this;
    }

    /** The DRL algorithm, or {@code null} for the default. */
    public Builder algorithm(String v) {
      algorithm = v;
      return this;
    }

    /** The per-key limit, or {@code null} for none. */
    public Builder keys(KeyRule v) {
      keys = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException {@code field: reason}, as the record's constructor
     */
    public CustomerSpec build() {
      return new CustomerSpec(
          name,
          hosts,
          requestsPerSecond,
          bytesPerSecond,
          burstSeconds,
          perClientRequestsPerSecond,
          mode,
          algorithm,
          keys);
    }
  }

  /** A host name as the table keys it: lower-case, without a trailing dot. */
  static String normalHost(String h) {
    if (h == null) {
      return "";
    }
    String l = h.toLowerCase(Locale.ROOT);
    return l.length() > 1 && l.endsWith(".") ? l.substring(0, l.length() - 1) : l;
  }

  private static void rate(String field, double v) {
    if (!(v >= 0) || !(v <= MAX_RATE)) {
      throw new IllegalArgumentException(
          field + ": must be in [0, " + MAX_RATE + "] (0: none), got " + v);
    }
  }

  /**
   * The unit the DRL agent shares this customer's limit in (requests for a customer limited by key
   * only, which the agent does not share).
   */
  public Unit unit() {
    return requestsPerSecond > 0 || bytesPerSecond == 0 ? Unit.REQUESTS : Unit.BYTES;
  }

  /** The global limit in {@link #unit()} per second: L as the agent shares it. */
  public double limit() {
    return requestsPerSecond > 0 ? requestsPerSecond : bytesPerSecond;
  }

  /** The unit of a customer's limit as the agent shares it. */
  public enum Unit {
    REQUESTS,
    BYTES;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
