package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeName;
import dev.alm.node.AdminAccess;
import dev.alm.node.ConnectionCapped;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CustomersConfig;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The configuration of one PoP's proxy (docs/proxy-node.md). Immutable and checked at construction:
 * a bad value fails with {@code field: reason}. Build it with {@link #builder()}, which starts from
 * the named defaults.
 *
 * @param pop this PoP's id (a lower-case DNS label): probes of this category give R_i
 * @param zone the CDN zone; probe hosts are {@code <category>.<origin>.fc.<zone>}
 * @param listen the HTTP address
 * @param admin the admin address ({@code GET /status}, {@code GET /metrics}), or null for none
 * @param capacity T_i, requests per second
 * @param ceilingFactor admission ceiling as a multiple of T_i (default 1.25)
 * @param burstSeconds how many seconds of the ceiling rate may arrive at once before shedding
 * @param controlInterval the window of S_i and R_i
 * @param meterBuckets buckets per control interval
 * @param ewmaTau time constant of the EWMA of S_i
 * @param measure whether the load meter counts requests (off only to measure the meter's own cost)
 * @param accessLog the access log file, or null for none
 * @param probeLog the probe log file, or null for none
 * @param logQueue lines that may wait for a log writer before being dropped (and counted); for the
 *     access log, per event loop
 * @param content where responses come from
 * @param limits limits on requests
 * @param ioThreads event-loop threads; 0 for Netty's default (twice the processors)
 * @param maxProbePairs the most (category, origin) probe pairs counted separately
 * @param adminAccess who may use the admin server (docs/operations/trust.md): loopback only, or a
 *     token
 * @param probeAuth how probes are verified and limited per client (docs/fastcontrol.md); off by
 *     default
 * @param customers the customers whose limits the proxy enforces (docs/ratelimit/enforcement.md);
 *     none by default
 */
public record ProxyConfig(
    String pop,
    String zone,
    HostPort listen,
    HostPort admin,
    double capacity,
    double ceilingFactor,
    double burstSeconds,
    Duration controlInterval,
    int meterBuckets,
    Duration ewmaTau,
    boolean measure,
    Path accessLog,
    Path probeLog,
    int logQueue,
    ContentConfig content,
    HttpLimits limits,
    int ioThreads,
    int maxProbePairs,
    AdminAccess adminAccess,
    ProbeAuthConfig probeAuth,
    CustomersConfig customers)
    implements ConnectionCapped<ProxyConfig> {

  public static final String DEFAULT_POP = "0";
  public static final String DEFAULT_ZONE = "cdn.example";
  public static final HostPort DEFAULT_LISTEN = new HostPort("127.0.0.1", 8080);
  public static final double DEFAULT_CAPACITY = 1000;
  public static final double DEFAULT_CEILING_FACTOR = 1.25;
  public static final double DEFAULT_BURST_SECONDS = 0.1;
  public static final Duration DEFAULT_CONTROL_INTERVAL = Duration.ofSeconds(1);
  public static final int DEFAULT_METER_BUCKETS = 10;
  public static final Duration DEFAULT_EWMA_TAU = Duration.ofSeconds(10);
  public static final int DEFAULT_LOG_QUEUE = 65_536;
  public static final int DEFAULT_MAX_PROBE_PAIRS = 10_000;

  /** The most event-loop threads: far beyond what helps, far below what exhausts memory. */
  public static final int MAX_IO_THREADS = 256;

  /**
   * The highest admission ceiling, requests per second (a token bucket refills at most one token
   * per ns).
   */
  public static final double MAX_CEILING = 1e8;

  public ProxyConfig {
    if (!ProbeName.isValidId(pop)) {
      throw new IllegalArgumentException(
          "pop: must be a lower-case DNS label of [a-z0-9-], got '" + pop + "'");
    }
    if (zone == null || zone.isBlank() || zone.startsWith(".")) {
      throw new IllegalArgumentException("zone: must be a domain name, got '" + zone + "'");
    }
    if (listen == null) {
      throw new IllegalArgumentException("listen: required (HOST:PORT)");
    }
    if (!(capacity > 0) || !Double.isFinite(capacity)) {
      throw new IllegalArgumentException(
          "capacity: must be a finite rate > 0 requests/s, got " + capacity);
    }
    if (!(ceilingFactor >= 1) || !Double.isFinite(ceilingFactor)) {
      throw new IllegalArgumentException(
          "ceilingFactor: must be a finite number >= 1, got " + ceilingFactor);
    }
    if (capacity * ceilingFactor > MAX_CEILING) {
      throw new IllegalArgumentException(
          "capacity: the ceiling capacity x ceilingFactor must be at most "
              + MAX_CEILING
              + " requests/s, got "
              + capacity * ceilingFactor);
    }
    if (!(burstSeconds > 0) || !(burstSeconds <= 60)) {
      throw new IllegalArgumentException("burstSeconds: must be in (0, 60], got " + burstSeconds);
    }
    if (controlInterval == null || controlInterval.toMillis() < 1) {
      throw new IllegalArgumentException("controlIntervalMs: must be >= 1 ms");
    }
    if (meterBuckets < 1 || meterBuckets > 10_000) {
      throw new IllegalArgumentException(
          "meterBuckets: must be in [1, 10000], got " + meterBuckets);
    }
    if (controlInterval.toNanos() % meterBuckets != 0) {
      throw new IllegalArgumentException(
          "meterBuckets: must divide the control interval into whole nanoseconds");
    }
    if (ewmaTau == null || ewmaTau.isNegative() || ewmaTau.isZero()) {
      throw new IllegalArgumentException("ewmaSeconds: must be > 0");
    }
    if (logQueue < 1) {
      throw new IllegalArgumentException("logQueue: must be >= 1, got " + logQueue);
    }
    if (adminAccess == null) {
      throw new IllegalArgumentException("adminAccess: required");
    }
    if (admin != null) {
      adminAccess.checkBind(admin);
    }
    if (content == null || limits == null) {
      throw new IllegalArgumentException("content and limits are required");
    }
    if (ioThreads < 0 || ioThreads > MAX_IO_THREADS) {
      throw new IllegalArgumentException(
          "ioThreads: must be in 0.."
              + MAX_IO_THREADS
              + " (0: twice the processors), got "
              + ioThreads);
    }
    if (maxProbePairs < 1) {
      throw new IllegalArgumentException("maxProbePairs: must be >= 1, got " + maxProbePairs);
    }
    if (probeAuth == null) {
      throw new IllegalArgumentException("probeAuth: required (ProbeAuthConfig.off() for none)");
    }
    if (customers == null) {
      throw new IllegalArgumentException("customers: required (CustomersConfig.NONE for none)");
    }
  }

  /** The admission ceiling, requests per second. */
  public double ceiling() {
    return capacity * ceilingFactor;
  }

  /** One bucket of the meters, nanoseconds. */
  public long bucketNanos() {
    return controlInterval.toNanos() / meterBuckets;
  }

  /** The proxy listener's cap on open connections ({@link HttpLimits#maxConnections()}). */
  @Override
  public int maxConnections() {
    return limits.maxConnections();
  }

  /**
   * This configuration with at most {@code cap} connections in all (and per client): the share of
   * the file-descriptor budget the proxy's listener gets.
   */
  @Override
  public ProxyConfig capped(int cap) {
    int max = Math.max(1, Math.min(limits.maxConnections(), cap));
    return toBuilder()
        .limits(limits.withConnections(max, Math.min(max, limits.maxConnectionsPerClient())))
        .build();
  }

  /** This configuration with N = {@code n} limiters sharing each DRL customer's limit. */
  public ProxyConfig withLimiters(int n) {
    return toBuilder().customers(customers.withLimiters(n)).build();
  }

  /** A builder holding the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this configuration. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.pop = pop;
    b.zone = zone;
    b.listen = listen;
    b.admin = admin;
    b.capacity = capacity;
    b.ceilingFactor = ceilingFactor;
    b.burstSeconds = burstSeconds;
    b.controlInterval = controlInterval;
    b.meterBuckets = meterBuckets;
    b.ewmaTau = ewmaTau;
    b.measure = measure;
    b.accessLog = accessLog;
    b.probeLog = probeLog;
    b.logQueue = logQueue;
    b.content = content;
    b.limits = limits;
    b.ioThreads = ioThreads;
    b.maxProbePairs = maxProbePairs;
    b.adminAccess = adminAccess;
    b.probeAuth = probeAuth;
    b.customers = customers;
    return b;
  }

  /** Mutable holder of the fields, starting at the defaults; {@link #build()} checks them. */
  public static final class Builder {
    private String pop = DEFAULT_POP;
    private String zone = DEFAULT_ZONE;
    private HostPort listen = DEFAULT_LISTEN;
    private HostPort admin;
    private AdminAccess adminAccess = AdminAccess.LOOPBACK_ONLY;
    private double capacity = DEFAULT_CAPACITY;
    private double ceilingFactor = DEFAULT_CEILING_FACTOR;
    private double burstSeconds = DEFAULT_BURST_SECONDS;
    private Duration controlInterval = DEFAULT_CONTROL_INTERVAL;
    private int meterBuckets = DEFAULT_METER_BUCKETS;
    private Duration ewmaTau = DEFAULT_EWMA_TAU;
    private boolean measure = true;
    private Path accessLog;
    private Path probeLog;
    private int logQueue = DEFAULT_LOG_QUEUE;
    private ContentConfig content = ContentConfig.generate(ContentConfig.DEFAULT_BODY_BYTES);
    private HttpLimits limits = HttpLimits.defaults();
    private int ioThreads;
    private int maxProbePairs = DEFAULT_MAX_PROBE_PAIRS;
    private ProbeAuthConfig probeAuth = ProbeAuthConfig.off();
    private CustomersConfig customers = CustomersConfig.NONE;

    private Builder() {}

    public Builder pop(String v) {
      pop = v;
      return this;
    }

    public Builder zone(String v) {
      zone = v;
      return this;
    }

    public Builder listen(HostPort v) {
      listen = v;
      return this;
    }

    public Builder admin(HostPort v) {
      admin = v;
      return this;
    }

    public Builder capacity(double v) {
      capacity = v;
      return this;
    }

    public Builder ceilingFactor(double v) {
      ceilingFactor = v;
      return this;
    }

    public Builder burstSeconds(double v) {
      burstSeconds = v;
      return this;
    }

    public Builder controlInterval(Duration v) {
      controlInterval = v;
      return this;
    }

    public Builder meterBuckets(int v) {
      meterBuckets = v;
      return this;
    }

    public Builder ewmaTau(Duration v) {
      ewmaTau = v;
      return this;
    }

    public Builder measure(boolean v) {
      measure = v;
      return this;
    }

    public Builder accessLog(Path v) {
      accessLog = v;
      return this;
    }

    public Builder probeLog(Path v) {
      probeLog = v;
      return this;
    }

    public Builder logQueue(int v) {
      logQueue = v;
      return this;
    }

    public Builder content(ContentConfig v) {
      content = v;
      return this;
    }

    public Builder limits(HttpLimits v) {
      limits = v;
      return this;
    }

    public Builder ioThreads(int v) {
      ioThreads = v;
      return this;
    }

    /** Who may use the admin server; default {@link AdminAccess#LOOPBACK_ONLY}. */
    public Builder adminAccess(AdminAccess v) {
      adminAccess = v;
      return this;
    }

    public Builder maxProbePairs(int v) {
      maxProbePairs = v;
      return this;
    }

    public Builder probeAuth(ProbeAuthConfig v) {
      probeAuth = v;
      return this;
    }

    /** The customers and how their limits are enforced; default none. */
    public Builder customers(CustomersConfig v) {
      customers = v;
      return this;
    }

    /** The customers settings in force (to change one of them). */
    public CustomersConfig customers() {
      return customers;
    }

    /** The probe authentication settings in force (to change one of them). */
    public ProbeAuthConfig probeAuth() {
      return probeAuth;
    }

    /**
     * @throws IllegalArgumentException naming the bad field
     */
    public ProxyConfig build() {
      return new ProxyConfig(
          pop,
          zone,
          listen,
          admin,
          capacity,
          ceilingFactor,
          burstSeconds,
          controlInterval,
          meterBuckets,
          ewmaTau,
          measure,
          accessLog,
          probeLog,
          logQueue,
          content,
          limits,
          ioThreads,
          maxProbePairs,
          adminAccess,
          probeAuth,
          customers);
    }
  }
}
