package dev.alm.pop;

import static dev.alm.pop.PopCustomers.withLimiters;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.DnsNode;
import dev.alm.drl.agent.DrlNode;
import dev.alm.fastcontrol.AnswererStats;
import dev.alm.fastcontrol.EchoVerifier;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.fastcontrol.ProbeAnswererConfig;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbePlan;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.ControlLoop;
import dev.alm.loop.LoopState;
import dev.alm.loop.Mode;
import dev.alm.loop.SavedState;
import dev.alm.node.AdminEndpoints;
import dev.alm.node.AdminLimits;
import dev.alm.node.ConsoleAssets;
import dev.alm.node.EventStream;
import dev.alm.node.FileDescriptors;
import dev.alm.node.NodeAdmin;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyServer;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.traces.LogReopen;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

/**
 * One PoP, running: its DNS server, its proxy and the control loop between them (docs/pop.md).
 * Every interval {@link #tick()} reads S_i, the probe counters and the DNS query count, steps the
 * {@link ControlLoop}, publishes x_i to the DNS answers and mu_i to the probe plan (eq. 19), and
 * persists (x_i, mu_i). The loop runs on its own scheduler thread, or, for the local cluster, on
 * the caller's ({@code ownScheduler} false). Its rate-limited customers and the DRL agent are
 * {@link PopCustomers}'.
 */
public final class PopDaemon implements AutoCloseable {
  /** The running configuration: the start's, then each applied reload's ({@link #prepareLive}). */
  private volatile PopConfig config;

  /** The control loop: replaced by a reload's tunables between two intervals, its state kept. */
  private volatile ControlLoop loop;

  private final DnsNode dns;
  private final ProxyServer proxy;
  private final PlannedProbeAnswerer answerer;
  private final PopSensors sensors;
  private final StateFile stateFile;
  private final NodeAdmin admin;
  private final EventStream events = new EventStream();
  private final PopCustomers customers;
  private final PopReload reload;
  private final LogReopens reopens;
  private final ScheduledExecutorService scheduler;
  private final LongSupplier nanoClock;
  private final LongSupplier millisClock;
  private final Consumer<String> log;
  private final double[] row;
  private final double[] column;
  private volatile LoopState state;
  private volatile boolean proxyKilled;
  private String lastStateProblem;

  private PopDaemon(
      PopConfig config,
      ControlLoop loop,
      DnsNode dns,
      ProxyServer proxy,
      PlannedProbeAnswerer answerer,
      StateFile stateFile,
      NodeAdmin admin,
      ScheduledExecutorService scheduler,
      LongSupplier nanoClock,
      LongSupplier millisClock,
      Consumer<String> log,
      LoopState initial,
      PopCustomers customers) {
    this.customers = customers;
    this.reload =
        new PopReload(config, customers, this::prepareLive, admin.registry(), millisClock, log);
    this.reopens = new LogReopens(config.id(), admin.registry(), log);
    this.config = config;
    this.loop = loop;
    this.dns = dns;
    this.proxy = proxy;
    this.answerer = answerer;
    this.sensors = new PopSensors(dns, proxy, () -> answerer.stats(nanoClock.getAsLong()).probes());
    this.stateFile = stateFile;
    this.admin = admin;
    this.scheduler = scheduler;
    this.nanoClock = nanoClock;
    this.millisClock = millisClock;
    this.log = log;
    CorrelationMatrix c = config.topology().correlation();
    this.row = c.row(config.index());
    this.column = c.column(config.index());
    this.state = initial;
  }

  /**
   * Starts the proxy, the DNS server (x = the start x), the admin server and, with {@code
   * ownScheduler}, the loop's thread. The clocks are the PoP's one time source: the loop's
   * measurements, the proxy's meters and logs, the DNS pipeline and query log, the probe answerer
   * and the state file all read them ({@link DnsNode#SYSTEM_NANO_CLOCK} and {@link
   * DnsNode#SYSTEM_MILLIS_CLOCK} live).
   *
   * @param nanoClock the monotonic clock, nanoseconds
   * @param millisClock the wall clock, milliseconds since the epoch
   * @param log where start-up notes and mode changes go (one line each)
   */
  public static PopDaemon start(
      PopConfig config,
      boolean ownScheduler,
      LongSupplier nanoClock,
      LongSupplier millisClock,
      Consumer<String> log)
      throws IOException, InterruptedException {
    return start(config, ownScheduler, nanoClock, millisClock, log, null);
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
      LongSupplier nanoClock,
      LongSupplier millisClock,
      Consumer<String> log,
      CentralLimiter central)
      throws IOException, InterruptedException {
    DescriptorBudget budget =
        DescriptorBudget.of(
            resolved(given, log), AdminLimits.defaults(), FileDescriptors.softLimit());
    PopConfig config = budget.config();
    if (config.loop().betaSource() == BetaSource.ECHO && !config.proxy().probeAuth().enabled()) {
      throw new IllegalArgumentException(
          "probes.betaSource: echo needs a probe key (probeKeyFile or --probe-key): price"
              + " echoes are signed");
    }
    ControlLoop loop = new ControlLoop(config.loop(), config.topology(), config.index());
    CorrelationMatrix c = config.topology().correlation();
    StateFile file = config.state() == null ? null : new StateFile(config.state());
    Optional<SavedState> saved =
        StateRestore.restorable(config, file, millisClock.getAsLong(), log);
    LoopState initial =
        saved
            .map(s -> s.resume(config.topology().node(config.index()).demand()))
            .orElseGet(loop::initial);
    NodeAdmin admin = NodeAdmin.create();
    ProxyServer proxy = null;
    DnsNode dns = null;
    ScheduledExecutorService scheduler = null;
    PopCustomers customers = null;
    try {
      PopLimits limits = new PopLimits();
      proxy =
          ProxyServer.start(
              withLimiters(config), admin.registry(), nanoClock, millisClock, limits, central);
      PlannedProbeAnswerer answerer =
          new PlannedProbeAnswerer(
              ProbePlan.compute(
                  config.topology().ids(),
                  config.index(),
                  initial.mu(),
                  c.row(config.index()),
                  c.column(config.index()),
                  config.plan()),
              ProbeAnswererConfig.defaults(),
              nanoClock.getAsLong());
      answerer.seedBeaconRate(saved.map(SavedState::beaconRate).orElse(Double.NaN));
      ProbeAuthConfig auth = config.proxy().probeAuth();
      boolean echo = echoes(config);
      if (echo) {
        answerer.answerEveryBeacon(config.id());
      }
      if (!auth.enabled()) {
        log.accept(
            "pop "
                + config.id()
                + ": WARNING probe authentication is off (no probeKeyFile or --probe-key): probes"
                + " are handed out unsigned and any client can forge them to steer beta");
      }
      dns =
          DnsNode.start(
              withX(config.dns(), initial.x()),
              admin.registry(),
              answerer,
              auth.enabled() ? new ProbeSigner(auth, config.dns().zone().toString()) : null,
              echo
                  ? new EchoVerifier(auth, config.dns().zone().toString(), config.id(), nanoClock)
                  : null,
              config.dnsThreads(),
              nanoClock,
              millisClock);
      if (ownScheduler) {
        scheduler =
            Executors.newSingleThreadScheduledExecutor(
                r -> {
                  Thread t = new Thread(r, "alm-pop-loop-" + config.id());
                  t.setDaemon(true);
                  return t;
                });
      }
      customers =
          PopCustomers.start(
              config,
              limits,
              proxy.node().customers(),
              admin.registry(),
              nanoClock,
              millisClock,
              budget.swim());
      PopDaemon self =
          new PopDaemon(
              config,
              loop,
              dns,
              proxy,
              answerer,
              file,
              admin,
              scheduler,
              nanoClock,
              millisClock,
              log,
              initial,
              customers);
      self.bindMetrics(admin.registry());
      admin.serve(
          config.admin(),
          config.adminAccess(),
          budget.admin(),
          routes ->
              routes
                  .status(self::status)
                  .ready(self::notReady)
                  .events(self.events)
                  .page(() -> ConsoleAssets.page("alm pop " + config.id(), "pop"))
                  .document("/customers", self::replaceCustomers)
                  .document("/reload", self::reloadPosted));
      if (scheduler != null) {
        long period = config.loop().interval().toNanos();
        scheduler.scheduleAtFixedRate(self::tickLogged, period, period, TimeUnit.NANOSECONDS);
      }
      return self;
    } catch (IOException | InterruptedException | RuntimeException e) {
      if (scheduler != null) {
        scheduler.shutdownNow();
      }
      if (customers != null) {
        customers.close();
      }
      if (dns != null) {
        dns.close();
      }
      if (proxy != null) {
        proxy.close();
      }
      admin.close();
      throw e;
    }
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
   * Where {@link #reload()} reads the configuration again (docs/pop.md, "Reload"): pop.json and the
   * files and flags the PoP was started from. Without one, reloads fail saying so.
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
    PopConfig before = config;
    ControlLoop nextLoop =
        after.loop().equals(before.loop())
            ? loop
            : new ControlLoop(after.loop(), after.topology(), after.index());
    Runnable ttls = after.dns().equals(before.dns()) ? () -> {} : dns.prepareTtls(after.dns());
    ProxyConfig p = after.proxy();
    boolean admission =
        p.ceilingFactor() != before.proxy().ceilingFactor()
            || p.burstSeconds() != before.proxy().burstSeconds();
    return () -> {
      synchronized (this) { // tick() holds this: between two intervals
        loop = nextLoop;
        config = after;
        ttls.run();
        if (admission && !proxyKilled) {
          proxy.node().admission().reconfigure(p.ceiling(), p.burstSeconds());
        }
      }
    };
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

  /**
   * The configuration with its beta source resolved: {@link BetaSource#AUTO} (the default) is price
   * echoes when the PoP has a probe key, FastControl probe counts otherwise (said in the log).
   */
  static PopConfig resolved(PopConfig config, Consumer<String> log) {
    if (config.loop().betaSource() != BetaSource.AUTO) {
      return config;
    }
    boolean keyed = config.proxy().probeAuth().enabled();
    if (!keyed && config.loop().algorithm() == Algorithm.DUAL) {
      log.accept(
          "pop "
              + config.dns().pop()
              + ": no probe key: beta_i from FastControl probe counts (eq. 20), which need C and"
              + " proxy i seeing some of PoP i's users; a probe key turns on price echoes");
    }
    return config.withLoop(config.loop().withBetaSource(BetaSource.resolve(keyed)));
  }

  private static DnsConfig withX(DnsConfig d, double x) {
    return d.withX(x);
  }

  /**
   * Whether the PoP takes beta_i from price echoes (its proxy echoes its price, its DNS counts).
   */
  private static boolean echoes(PopConfig config) {
    return config.loop().betaSource() == BetaSource.ECHO
        && config.loop().algorithm() == Algorithm.DUAL;
  }

  private void tickLogged() {
    try {
      tick();
    } catch (RuntimeException e) {
      log.accept("pop " + config.id() + ": control interval failed: " + e);
    }
  }

  /**
   * One control interval: measure, step, publish x_i and the probe plan, persist. Returns the new
   * state.
   */
  public synchronized LoopState tick() {
    LoopState before = state;
    LoopState next = loop.step(before, sensors.read(nanoClock.getAsLong()));
    dns.x().set(next.x());
    if (echoes(config)) {
      proxy.node().publishPrice(next.alignedPrice());
    }
    if (dns.probeSigner() != null) {
      dns.probeSigner().publishWeight(loop.probeWeight(next));
    }
    answerer.replacePlan(
        ProbePlan.compute(
            config.topology().ids(), config.index(), next.mu(), row, column, config.plan()));
    state = next;
    if (next.mode() != before.mode() || !next.reason().equals(before.reason())) {
      log.accept(
          "pop "
              + config.id()
              + ": mode "
              + next.mode().label()
              + (next.reason().isEmpty() ? "" : " (" + next.reason() + ")"));
    }
    if (stateFile != null) {
      try {
        stateFile.write(
            SavedState.of(
                config.id(),
                config.loop().algorithm(),
                next,
                millisClock.getAsLong(),
                answerer.beaconRate(nanoClock.getAsLong())));
        lastStateProblem = null;
      } catch (IOException e) {
        if (lastStateProblem == null) {
          log.accept("pop " + config.id() + ": cannot persist state: " + e);
        }
        lastStateProblem = e.toString();
      }
    }
    if (events.listened()) {
      events.publish(AdminEndpoints.json(status()));
    }
    return next;
  }

  /** The state after the last interval. */
  public LoopState state() {
    return state;
  }

  public PopConfig config() {
    return config;
  }

  /**
   * The dual's gain multiplier for the state after the last interval ({@link
   * dev.alm.loop.Settling}).
   */
  public double gainScale() {
    return loop.gainScale(state);
  }

  /** T_i in requests/s. */
  public double capacityRate() {
    return loop.capacity() * config.loop().loadUnit();
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
    sensors.proxyGone();
    proxy.close();
  }

  /** The status page (docs/pop.md). Loads and demand in requests/s. */
  public Map<String, Object> status() {
    LoopState s = state;
    double unit = config.loop().loadUnit();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("pop", config.id());
    m.put("algorithm", config.loop().algorithm().label());
    m.put("mode", s.mode().label());
    m.put("reason", s.reason());
    m.put("x", s.x());
    m.put("mu", s.mu());
    m.put("beta", s.beta() == null ? null : s.beta().beta());
    m.put("betaStdErr", s.beta() == null ? null : s.beta().stdError());
    m.put("S", finite(s.load() * unit));
    m.put("T", capacityRate());
    m.put("A", finite(s.demand() * unit));
    m.put("loadUnit", unit);
    m.put("intervals", s.intervals());
    m.put("gain", loop.gainScale(s));
    m.put("calm", s.calm());
    m.put("intervalSeconds", config.loop().intervalSeconds());
    AnswererStats a = answerer.stats(nanoClock.getAsLong());
    Map<String, Object> probes = new LinkedHashMap<>();
    probes.put("plannedRate", a.plannedRate());
    probes.put("beaconRate", finite(a.beaconRate()));
    probes.put("deliverable", a.deliverable());
    probes.put("handedOut", a.probes());
    probes.put("weight", dns.probeSigner() == null ? null : (double) dns.probeSigner().weight());
    m.put("probes", probes);
    m.put("sigma", finite(loop.sigma(s)));
    m.put("sigmaMeasured", Double.isFinite(s.estimates().sigma()));
    m.put("betaSource", config.loop().betaSource().label());
    if (dns.echoes() != null) {
      dev.alm.fastcontrol.EchoTotals e = dns.echoTotals();
      Map<String, Object> echoes = new LinkedHashMap<>();
      echoes.put("counted", e.count());
      echoes.put("byProxy", dns.echoes().byProxy());
      m.put("echoes", echoes);
    }
    m.put("probeAuth", config.proxy().probeAuth().enabled() ? "on" : "off");
    m.put(
        "dnsAddress", dns.address().getAddress().getHostAddress() + ":" + dns.address().getPort());
    m.put(
        "proxyAddress",
        proxyKilled
            ? null
            : proxy.address().getAddress().getHostAddress() + ":" + proxy.address().getPort());
    m.put("proxyUp", !proxyKilled && proxy.accepting());
    m.put("shed", proxyKilled ? null : shed());
    m.put("stateFile", stateFile == null ? null : stateFile.path().toString());
    m.put("stateProblem", lastStateProblem);
    customers.status(m);
    m.put("config", reload.status());
    Map<String, Object> adminStatus = admin.status();
    if (adminStatus != null) {
      m.put("admin", adminStatus);
    }
    return m;
  }

  public String statusJson() {
    return AdminEndpoints.json(status());
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private void bindMetrics(MeterRegistry r) {
    gauge(r, "alm.pop.x", "probability of answering L1", s -> s.x());
    gauge(r, "alm.pop.mu", "price of the proxy's capacity (eq. 17)", s -> s.mu());
    gauge(
        r,
        "alm.pop.beta",
        "beta_i from FastControl probes (eq. 20)",
        s -> s.beta() == null ? Double.NaN : s.beta().beta());
    gauge(
        r,
        "alm.pop.beta.stderr",
        "standard error of beta_i",
        s -> s.beta() == null ? Double.NaN : s.beta().stdError());
    gauge(r, "alm.pop.load", "S_i, requests/s", s -> s.load() * config.loop().loadUnit());
    gauge(r, "alm.pop.capacity", "T_i, requests/s", s -> capacityRate());
    gauge(r, "alm.pop.demand", "A_i, requests/s", s -> s.demand() * config.loop().loadUnit());
    gauge(
        r,
        "alm.pop.fallback",
        "1 while in a fallback mode",
        s -> s.mode() == Mode.FALLBACK ? 1 : 0);
  }

  private void gauge(MeterRegistry r, String name, String help, ToDoubleFunction<LoopState> f) {
    Gauge.builder(name, this, d -> f.applyAsDouble(d.state))
        .description(help)
        .tag("pop", config.id())
        .tag("algorithm", config.loop().algorithm().label())
        .register(r);
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
