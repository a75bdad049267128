package dev.alm.proxy;

import dev.alm.fastcontrol.EchoSigner;
import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.io.Clocks;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.ShareSource;
import dev.alm.traces.LogReopen;
import dev.alm.traces.ProbeLogRecord;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * The measuring and deciding core of one PoP's proxy, free of Netty: the load meter (S_i), the
 * probe counter (R_i, paper 004 eq. 20), admission control, the access and probe logs, and the
 * status they add up to. The HTTP handlers only classify a request, call in here, and write the
 * answer.
 *
 * <p>Thread-safe and non-blocking: everything here is called on event-loop threads.
 */
public final class ProxyNode implements AutoCloseable {

  /** Path form of a probe: {@code /_alm/fc/<category>/<origin>}. */
  public static final String PROBE_PATH = ProbeTarget.PATH_PREFIX;

  private final ProxyConfig config;
  private final Clocks clocks;
  private final long startNanos;
  private final LoadMeter meter;
  private final ProbeCounter probes;
  private final DoubleAdder sensitivity = new DoubleAdder();
  private final CurvatureCounter curvature;
  private final AdmissionControl admission;
  private final ProbeGate probeGate;

  /** Signs price echoes; null without a probe key (docs/fastcontrol.md, "Price echo"). */
  private final EchoSigner echoSigner;

  /** mu_i to echo, set by the PoP's control loop; NaN: no echoes. */
  private volatile double price = Double.NaN;

  private volatile double capacity = Double.NaN;

  private final CustomerLimits customers;

  /** The access and probe logs. */
  private final ProxyLogs logs;

  private final LongAdder requests = new LongAdder();

  /**
   * Runtime switches (admin {@code POST /measure}, {@code POST /log}): measure their cost in one
   * process.
   */
  private volatile boolean measuring;

  private final LongAdder badRequests = new LongAdder();
  private final LongAdder beacons = new LongAdder();
  private final LongAdder agedConnections = new LongAdder();
  private final LongAdder originErrors = new LongAdder();

  /**
   * Opens the logs (appending) and starts the meters at the clock's current reading.
   *
   * @param clocks the monotonic and the wall clock
   */
  public ProxyNode(ProxyConfig config, Clocks clocks) throws IOException {
    this(config, clocks, null, null);
  }

  /**
   * Opens the logs and starts the meters; customers' limits read their shares from {@code shares}
   * and central customers ask {@code central}.
   *
   * @param shares the DRL agent's shares, or null (a standalone proxy: L/N for DRL customers)
   * @param central the central store, or null
   */
  public ProxyNode(ProxyConfig config, Clocks clocks, ShareSource shares, CentralLimiter central)
      throws IOException {
    this.config = config;
    this.clocks = clocks;
    this.startNanos = clocks.nanos();
    this.meter =
        new LoadMeter(
            config.bucketNanos(), config.meterBuckets(), config.ewmaTau().toNanos(), startNanos);
    this.probes =
        new ProbeCounter(
            config.pop(),
            config.bucketNanos(),
            config.meterBuckets(),
            config.maxProbePairs(),
            startNanos);
    this.curvature = new CurvatureCounter(config.maxProbePairs());
    this.admission =
        new AdmissionControl(config.ceiling(), config.burstSeconds(), clocks.nanoClock());
    this.probeGate = new ProbeGate(config.probeAuth(), config.zone(), clocks);
    this.echoSigner =
        config.probeAuth().enabled() && ProbeName.isValidId(config.pop())
            ? new EchoSigner(config.probeAuth().keys(), config.zone(), config.pop())
            : null;
    this.customers = new CustomerLimits(config.customers(), shares, central, clocks.nanoClock());
    this.logs = ProxyLogs.open(config, clocks);
    this.measuring = config.measure();
  }

  /** A node on the system clocks. */
  public ProxyNode(ProxyConfig config) throws IOException {
    this(config, Clocks.SYSTEM);
  }

  public ProxyConfig config() {
    return config;
  }

  /** The monotonic clock now. */
  public long nanoTime() {
    return clocks.nanos();
  }

  /**
   * The probe a request claims to be, from its Host ({@code
   * [<token>.]<category>.<origin>.fc.<zone>}, any other name under {@code fc.<zone>} is a malformed
   * probe) or its path ({@code /_alm/fc/<category>/<origin>[/<token>]}), or null for an ordinary
   * request. Not yet verified: see {@link #admitProbe}.
   *
   * @param host the Host header, lower-case, without port (may be empty)
   */
  public ProbeTarget probeOf(String host, String path) {
    ProbeTarget p = host.isEmpty() ? null : ProbeTarget.parseHost(host, config.zone());
    return p != null ? p : ProbeTarget.parsePath(path);
  }

  /** Counts a keep-alive connection closed for its age ({@link HttpLimits#maxConnectionAge()}). */
  public void recordAgedConnection() {
    agedConnections.increment();
  }

  /** Keep-alive connections closed for their age, so that their clients look the name up again. */
  public long agedConnections() {
    return agedConnections.sum();
  }

  /** Counts a correlation beacon's fetch, answered apart from S_i. */
  public void recordBeacon() {
    beacons.increment();
  }

  /** Correlation beacons' fetches answered. */
  public long beacons() {
    return beacons.sum();
  }

  /**
   * Verifies a probe request from {@code client} (docs/fastcontrol.md) and counts it when {@link
   * ProbeVerdict#COUNTED}; a refused probe is counted by its reason only.
   */
  public ProbeVerdict admitProbe(ProbeTarget probe, long nowNanos, String client) {
    ProbeVerdict v = probeGate.admit(probe, client);
    if (v == ProbeVerdict.COUNTED) {
      recordProbe(probe.name(), nowNanos);
      if (probe instanceof ProbeTarget.Signed signed) {
        sensitivity.add(signed.token().weight());
        curvature.record(probe.name().origin(), signed.token().weight(), signed.token().rate());
      }
    }
    return v;
  }

  /**
   * The weights of the verified signed probes counted since start (docs/controllers/live-loop.md,
   * "Measured sensitivity"): their sum per second is sigma_i = sum_j C_ji kappa_j, this proxy's
   * sensitivity to its own price.
   */
  public double sensitivitySum() {
    return sensitivity.sum();
  }

  /**
   * H_ii dt^2 for the dt seconds since the last call (docs/controllers/live-loop.md, "Measured
   * curvature"): the curvature of the dual function along this proxy's price, from the counts of
   * the verified probes of each issuing PoP and the weight and hand-out rate they carried. Starts a
   * new window: the PoP's control loop is its one caller, once per interval.
   */
  public double drainCurvature() {
    return curvature.drain();
  }

  /** Probes that added nothing to the curvature because too many origins were counted apart. */
  public long curvatureOverflow() {
    return curvature.overflow();
  }

  /**
   * Sets the price mu_i that this proxy echoes with every counted signed probe from now on (NaN:
   * none). The PoP's control loop calls it after each interval.
   */
  public void publishPrice(double mu) {
    this.price = mu;
  }

  /**
   * Sets the capacity T_i in requests/s that this proxy's echoes carry with its load S_i / T_i
   * (docs/headroom-guard.md); NaN: echoes carry the price alone.
   */
  public void publishCapacity(double requestsPerSecond) {
    this.capacity = requestsPerSecond;
  }

  /**
   * The price echo for a counted probe (docs/fastcontrol.md, "Price echo"): {@code
   * <label>.<pop>.<origin>.echo.<zone>} with the price and, once a capacity is published and the
   * meter has a window, the load S_i / T_i; null when there is none to give (no probe key, an
   * unsigned probe, no price published).
   */
  public String echoOf(ProbeTarget probe) {
    double p = price;
    if (echoSigner == null || !(probe instanceof ProbeTarget.Signed signed) || Double.isNaN(p)) {
      return null;
    }
    double c = capacity;
    String relative = echoSigner.echo(signed, p, load() / c, c);
    return relative == null ? null : relative + "." + config.zone();
  }

  /** Whether probes must be signed to count (a probe key is configured). */
  public boolean probeAuth() {
    return probeGate.enabled();
  }

  /** Probe requests refused for {@code reason} since start. */
  public long probesRefused(ProbeVerdict reason) {
    return probeGate.refused(reason);
  }

  /** Counts an ordinary request arriving at {@code nowNanos} (in S_i if the meter is on). */
  public void recordRequest(long nowNanos) {
    requests.increment();
    if (measuring) {
      meter.record(nowNanos);
    }
  }

  /** Counts a verified probe arriving at {@code nowNanos} and logs it to the probe log. */
  public void recordProbe(ProbeName probe, long nowNanos) {
    probes.record(probe, nowNanos);
    if (logs.logsProbes()) {
      logs.probe(
          new ProbeLogRecord(clocks.millis(), probe.category(), probe.origin(), config.pop()));
    }
  }

  /** Admission for an ordinary request; probes never come here. */
  public Admission admit() {
    return admission.tryAdmit();
  }

  /** Counts a request refused as malformed or for breaking the limits (400, 413, 414, 431, 505). */
  public void recordBadRequest() {
    badRequests.increment();
  }

  /** Counts an origin failure (502, 504). */
  public void recordOriginError() {
    originErrors.increment();
  }

  /** Whether the load meter counts requests (switched by {@code POST /measure}). */
  public boolean measuring() {
    return measuring;
  }

  /** Whether responses are logged (an access log is open and switched on). */
  public boolean logsAccess() {
    return logs.logsAccess();
  }

  /** Switches the load meter on or off at run time (to measure its cost; S_i reads 0 while off). */
  public void setMeasuring(boolean on) {
    measuring = on;
  }

  /**
   * Switches access logging on or off at run time (to measure its cost).
   *
   * @throws IllegalArgumentException when switching on a proxy started without an access log
   */
  public void setLogging(boolean on) {
    logs.setLogging(on);
  }

  /**
   * The calling thread's access-log ring (one per event loop, created on first use); only that
   * thread may add to it. Lines in it reach the file within {@link
   * ProxyLogs#ACCESS_LOG_PERIOD_NANOS}; a full ring drops and counts.
   *
   * @throws IllegalStateException when the proxy was started without an access log
   */
  AccessLogRing accessRing() {
    return logs.accessRing();
  }

  /**
   * S_i: the request rate at this proxy over its last completed meter window, in requests/s, at the
   * node's clock now; NaN before a bucket has completed (paper 004 eq. 1, the load the dual's price
   * step (eq. 17) and the greedy law (eq. 24) react to).
   */
  public double load() {
    return meter.rate(clocks.nanos());
  }

  public LoadMeter meter() {
    return meter;
  }

  /**
   * The FastControl probes counted since start: of this PoP's own category (R_i of paper 004 eq. 20
   * is their rate) and of every category (the probe path's liveness).
   */
  public ProbeCounter probes() {
    return probes;
  }

  /** The customers' limits (docs/ratelimit/enforcement.md). */
  public CustomerLimits customers() {
    return customers;
  }

  public AdmissionControl admission() {
    return admission;
  }

  public long requests() {
    return requests.sum();
  }

  public long badRequests() {
    return badRequests.sum();
  }

  public long originErrors() {
    return originErrors.sum();
  }

  /** Access-log lines dropped (queue full or file failed). */
  public long accessLogDropped() {
    return logs.accessDropped();
  }

  /** Probe-log lines dropped. */
  public long probeLogDropped() {
    return logs.probeDropped();
  }

  /**
   * Reopens the access and probe logs' files after logrotate renamed them (SIGUSR1, a reload), one
   * result per log; the event loops never wait for it ({@link ProxyLogs#reopen()}).
   */
  public List<LogReopen> reopenLogs() {
    return logs.reopen();
  }

  /**
   * The status document of {@code GET /status} (docs/proxy-node.md), at the clock's current reading
   * ({@link ProxyStatus}).
   */
  public Map<String, Object> status() {
    return ProxyStatus.of(this, clocks.nanos());
  }

  /** The probe gate's refusals and the nonces it holds, for the status. */
  ProbeGate probeGate() {
    return probeGate;
  }

  /** The logs' status part. */
  Map<String, Object> logStatus() {
    return logs.status();
  }

  /** Seconds since the node started, at {@code now}. */
  double uptimeSeconds(long now) {
    return (now - startNanos) / 1e9;
  }

  /** Writes what the logs hold and closes them; call once the event loops have terminated. */
  @Override
  public void close() throws IOException {
    customers.close();
    logs.close();
  }
}
