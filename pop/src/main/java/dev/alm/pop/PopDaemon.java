package dev.alm.pop;

import dev.alm.dns.DnsNode;
import dev.alm.drl.agent.DrlNode;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.io.Clocks;
import dev.alm.loop.ControlLoop;
import dev.alm.loop.LoopState;
import dev.alm.node.AdminEndpoints;
import dev.alm.node.EventStream;
import dev.alm.node.NodeAdmin;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyServer;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.traces.LogReopen;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One PoP, running: its DNS server, its proxy and the control loop between them (docs/pop.md).
 * Every interval {@link #tick()} reads S_i, the probe counters and the DNS query count, steps the
 * {@link ControlLoop}, publishes x_i to the DNS answers and mu_i to the probe plan (eq. 19), and
 * persists (x_i, mu_i) ({@link PopTick}). The loop runs on its own scheduler thread, or, for the
 * local cluster, on the caller's ({@code ownScheduler} false). How the parts are started is {@link
 * PopWiring}'s, the status page {@link PopStatus}'s and the gauges {@link PopGauges}'. Its
 * rate-limited customers and the DRL agent are {@link PopCustomers}'.
 */
public final class PopDaemon implements AutoCloseable {
  private final PopTick tick;
  private final PopStatus status;
  private final DnsNode dns;
  private final ProxyServer proxy;
  private final NodeAdmin admin;
  private final EventStream events = new EventStream();
  private final PopCustomers customers;
  private final PopReload reload;
  private final LogReopens reopens;
  private final ScheduledExecutorService scheduler;
  private final Consumer<String> log;
  private volatile boolean proxyKilled;

  PopDaemon(
      PopConfig config,
      ControlLoop loop,
      DnsNode dns,
      ProxyServer proxy,
      PlannedProbeAnswerer answerer,
      StateFile stateFile,
      NodeAdmin admin,
      ScheduledExecutorService scheduler,
      Clocks clocks,
      Consumer<String> log,
      LoopState initial,
      PopCustomers customers) {
    this.customers = customers;
    this.reload =
        new PopReload(config, customers, this::prepareLive, admin.registry(), clocks, log);
    this.reopens = new LogReopens(config.id(), admin.registry(), log);
    this.dns = dns;
    this.proxy = proxy;
    this.admin = admin;
    this.scheduler = scheduler;
    this.log = log;
    StateWrites writes = new StateWrites(stateFile, log);
    this.tick =
        new PopTick(
            config, loop, initial, dns, proxy, answerer, writes, clocks, log, this::publishEvent);
    this.status =
        new PopStatus(
            tick, dns, proxy, answerer, writes, customers, reload, admin, clocks.nanoClock());
  }

  /**
   * Starts the proxy, the DNS server (x = the start x), the admin server and, with {@code
   * ownScheduler}, the loop's thread. The clocks are the PoP's one time source: the loop's
   * measurements, the proxy's meters and logs, the DNS pipeline and query log, the probe answerer
   * and the state file all read them ({@link Clocks#SYSTEM} live).
   *
   * @param clocks the monotonic and the wall clock
   * @param log where start-up notes and mode changes go (one line each)
   */
  public static PopDaemon start(
      PopConfig config, boolean ownScheduler, Clocks clocks, Consumer<String> log)
      throws IOException, InterruptedException {
    return start(config, ownScheduler, clocks, log, null);
  }

  /**
   * Starts the PoP as {@link #start(PopConfig, boolean, LongSupplier, LongSupplier, Consumer)}, its
   * proxy's central customers asking {@code central} (a Redis bucket, a token server).
   *
   * @param central the central store, or null
   */
  public static PopDaemon start(
      PopConfig given,
      boolean ownScheduler,
      Clocks clocks,
      Consumer<String> log,
      CentralLimiter central)
      throws IOException, InterruptedException {
    return PopWiring.start(given, ownScheduler, clocks, log, central);
  }

  /**
   * {@code POST /customers}: replaces the proxy's customers with the document {@code body} (refused
   * in one line, changing nothing, when it is bad), hands the new ones to the DRL agent ({@link
   * PopCustomers#replace}), and returns the new status.
   */
  String replaceCustomers(String body) {
    customers.replace(body);
    return statusJson();
  }

  /**
   * Where {@link #reload()} reads the configuration again (docs/pop/reload.md, "Reload"): pop.json
   * and the files and flags the PoP was started from. Without one, reloads fail saying so.
   */
  public void reloadFrom(PopConfigSource source) {
    reload.source(source);
  }

  /**
   * Reads the configuration again and applies what can change live, all or nothing ({@link
   * PopReload}), then reopens the logs ({@link #reopenLogs()}): {@code POST /reload} and SIGHUP.
   */
  public PopReload.Result reload() {
    PopReload.Result r = reload.reload();
    reopenLogs();
    return r;
  }

  /**
   * A reload's live settings ({@link LiveFields}): the loop built with the new tunables (its state,
   * {@link #state()}, kept), the DNS answers with the new TTLs; the result switches them, the
   * configuration and the admission ceiling between two control intervals.
   */
  private Runnable prepareLive(PopConfig after) {
    PopConfig before = tick.config();
    ControlLoop nextLoop =
        after.loop().equals(before.loop())
            ? tick.loop()
            : new ControlLoop(after.loop(), after.topology(), after.index());
    Runnable ttls = after.dns().equals(before.dns()) ? () -> {} : dns.prepareTtls(after.dns());
    ProxyConfig p = after.proxy();
    boolean admission =
        p.ceilingFactor() != before.proxy().ceilingFactor()
            || p.burstSeconds() != before.proxy().burstSeconds();
    return () ->
        tick.between(
            after,
            nextLoop,
            () -> {
              ttls.run();
              if (admission && !proxyKilled) {
                proxy.node().admission().reconfigure(p.ceiling(), p.burstSeconds());
              }
            });
  }

  /**
   * Reopens the query, access and probe logs' files after logrotate renamed them (SIGUSR1, and
   * every reload), one result per log file: no line is lost, the request path never waits, and a
   * file that cannot be opened is counted and said in one line, its log kept on the file it had
   * ({@link LogReopens}).
   */
  public List<LogReopen> reopenLogs() {
    List<LogReopen> done = new ArrayList<>(3);
    dns.reopenLogs().ifPresent(done::add);
    if (!proxyKilled) {
      done.addAll(proxy.node().reopenLogs());
    }
    return reopens.count(done);
  }

  /**
   * {@code POST /reload}: the {@code config} part of the status when applied, else refused with the
   * one-line reason (400).
   */
  String reloadPosted(String body) {
    PopReload.Result r = reload();
    if (r.outcome() != PopReload.Outcome.APPLIED) {
      throw new IllegalArgumentException("reload " + r.outcome().label() + ": " + r.reason());
    }
    return AdminEndpoints.json(reload.status());
  }

  /** The per-customer demand counters and shares the DRL agent and the request path share. */
  public PopLimits limits() {
    return customers.limits();
  }

  /** The PoP's rate-limited customers: the proxy's, the DRL agent's. */
  public PopCustomers customers() {
    return customers;
  }

  /** The registry behind /metrics. */
  public MeterRegistry registry() {
    return admin.registry();
  }

  /** The DRL agent, or null without a {@code drl} section. */
  public DrlNode drl() {
    return customers.drl();
  }

  void tickLogged() {
    try {
      tick();
    } catch (RuntimeException e) {
      log.accept("pop " + tick.config().id() + ": control interval failed: " + e);
    }
  }

  /**
   * One control interval: measure, step, publish x_i and the probe plan, persist. Returns the new
   * state.
   */
  public LoopState tick() {
    return tick.tick();
  }

  /** After each interval, under the interval's lock: the console's event, when someone listens. */
  private void publishEvent() {
    if (events.listened()) {
      events.publish(AdminEndpoints.json(status()));
    }
  }

  /** The state after the last interval. */
  public LoopState state() {
    return tick.state();
  }

  public PopConfig config() {
    return tick.config();
  }

  /**
   * The dual's gain multiplier for the state after the last interval ({@link
   * dev.alm.loop.Settling}).
   */
  public double gainScale() {
    return tick.loop().gainScale(tick.state());
  }

  /** T_i in requests/s. */
  public double capacityRate() {
    return tick.capacityRate();
  }

  /** Requests shed by the proxy's admission control since start. */
  public long shed() {
    return proxy.node().admission().shed();
  }

  public InetSocketAddress dnsAddress() {
    return dns.address();
  }

  public InetSocketAddress proxyAddress() {
    return proxy.address();
  }

  /**
   * Why users should not be sent here now, or null: the proxy is down or not accepting (the loop
   * then publishes the fallback x).
   */
  String notReady() {
    if (proxyKilled) {
      return "proxy down";
    }
    if (!proxy.accepting()) {
      return "proxy not accepting connections";
    }
    return null;
  }

  /** The console's event stream ({@code GET /events}): one status per control interval. */
  public EventStream events() {
    return events;
  }

  /** The PoP's proxy (its listener's caps and health). */
  public ProxyServer proxy() {
    return proxy;
  }

  public InetSocketAddress adminAddress() {
    return admin.address();
  }

  /**
   * Closes the proxy (a failure drill): the loop then reads a stale meter and falls back to the
   * safe x.
   */
  public void killProxy() throws IOException {
    proxyKilled = true;
    tick.proxyGone();
    proxy.close();
  }

  /** The status page (docs/pop/status.md). Loads and demand in requests/s ({@link PopStatus}). */
  public Map<String, Object> status() {
    return status.map(proxyKilled);
  }

  public String statusJson() {
    return AdminEndpoints.json(status());
  }

  void bindMetrics(MeterRegistry r) {
    PopGauges.bind(r, tick);
  }

  /** Stops the loop, the DNS server and the proxy, then the admin server and the registry. */
  @Override
  public void close() throws IOException {
    if (scheduler != null) {
      scheduler.shutdownNow();
    }
    customers.close();
    try {
      dns.close();
      if (!proxyKilled) {
        proxy.close();
      }
    } finally {
      admin.close();
    }
  }
}
