package dev.alm.pop;

import static dev.alm.pop.PopCustomers.withLimiters;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.dns.DnsNode;
import dev.alm.fastcontrol.EchoVerifier;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.fastcontrol.ProbeAnswererConfig;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbePlan;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.io.Clocks;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.ControlLoop;
import dev.alm.loop.LoopState;
import dev.alm.loop.SavedState;
import dev.alm.node.AdminLimits;
import dev.alm.node.ConsoleAssets;
import dev.alm.node.FileDescriptors;
import dev.alm.node.NodeAdmin;
import dev.alm.proxy.ProxyServer;
import dev.alm.proxy.limit.CentralLimiter;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * How a {@link PopDaemon} is put together: the configuration resolved and sized under the
 * descriptor limit ({@link DescriptorBudget}), the loop and its restored state ({@link
 * StateRestore}), then the proxy, the probe answerer, the DNS server, the loop's thread, the
 * customers and the admin server, in that order; a part that fails to start closes the ones started
 * before it.
 */
final class PopWiring {
  private PopWiring() {}

  /**
   * {@link PopDaemon#start(PopConfig, boolean, LongSupplier, LongSupplier, Consumer,
   * CentralLimiter)}.
   */
  static PopDaemon start(
      PopConfig given,
      boolean ownScheduler,
      Clocks clocks,
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
    StateFile file = config.state() == null ? null : new StateFile(config.state());
    Optional<SavedState> saved = StateRestore.restorable(config, file, clocks.millis(), log);
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
      proxy = ProxyServer.start(withLimiters(config), admin.registry(), clocks, limits, central);
      PlannedProbeAnswerer answerer = answerer(config, initial, saved, clocks, log);
      dns = dns(config, initial, admin, answerer, clocks);
      if (ownScheduler) {
        scheduler = scheduler(config);
      }
      customers =
          PopCustomers.start(
              config, limits, proxy.node().customers(), admin.registry(), clocks, budget.swim());
      PopDaemon self =
          new PopDaemon(
              config, loop, dns, proxy, answerer, file, admin, scheduler, clocks, log, initial,
              customers);
      serve(self, config, budget, admin);
      if (scheduler != null) {
        long period = config.loop().interval().toNanos();
        scheduler.scheduleAtFixedRate(self::tickLogged, period, period, TimeUnit.NANOSECONDS);
      }
      return self;
    } catch (IOException | InterruptedException | RuntimeException e) {
      closeStarted(scheduler, customers, dns, proxy, admin);
      throw e;
    }
  }

  /** Closes the parts a failed start had started (null: not started), the admin server last. */
  private static void closeStarted(
      ScheduledExecutorService scheduler,
      PopCustomers customers,
      DnsNode dns,
      ProxyServer proxy,
      NodeAdmin admin)
      throws IOException {
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
              + config.id()
              + ": no probe key: beta_i from FastControl probe counts (eq. 20), which need C and"
              + " proxy i seeing some of PoP i's users; a probe key turns on price echoes");
    }
    return config.withLoop(config.loop().resolvedFor(keyed));
  }

  /**
   * The beacon answerer with the plan for the start's mu_i and the saved beacon rate; with price
   * echoes it answers every beacon. Says in the log when probes go out unsigned.
   */
  private static PlannedProbeAnswerer answerer(
      PopConfig config,
      LoopState initial,
      Optional<SavedState> saved,
      Clocks clocks,
      Consumer<String> log) {
    CorrelationMatrix c = config.topology().correlation();
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
            clocks.nanos());
    answerer.seedBeaconRate(saved.map(SavedState::beaconRate).orElse(Double.NaN));
    if (PopTick.echoes(config)) {
      answerer.answerEveryBeacon(config.id());
    }
    if (!config.proxy().probeAuth().enabled()) {
      log.accept(
          "pop "
              + config.id()
              + ": WARNING probe authentication is off (no probeKeyFile or --probe-key): probes"
              + " are handed out unsigned and any client can forge them to steer beta");
    }
    return answerer;
  }

  /**
   * The DNS server answering with the start's x, signing probes when the PoP has a probe key and
   * verifying price echoes when it takes beta_i from them.
   */
  private static DnsNode dns(
      PopConfig config,
      LoopState initial,
      NodeAdmin admin,
      PlannedProbeAnswerer answerer,
      Clocks clocks)
      throws IOException, InterruptedException {
    ProbeAuthConfig auth = config.proxy().probeAuth();
    String zone = config.dns().zone().toString();
    return DnsNode.start(
        config.dns().withX(initial.x()),
        admin.registry(),
        answerer,
        auth.enabled() ? new ProbeSigner(auth, zone) : null,
        PopTick.echoes(config)
            ? new EchoVerifier(auth, zone, config.id(), clocks.nanoClock())
            : null,
        config.dnsThreads(),
        clocks);
  }

  /** The loop's own thread (a daemon thread named after the PoP). */
  private static ScheduledExecutorService scheduler(PopConfig config) {
    return Executors.newSingleThreadScheduledExecutor(
        r -> {
          Thread t = new Thread(r, "alm-pop-loop-" + config.id());
          t.setDaemon(true);
          return t;
        });
  }

  /** The gauges, then the admin server with the PoP's routes. */
  private static void serve(
      PopDaemon self, PopConfig config, DescriptorBudget budget, NodeAdmin admin)
      throws IOException, InterruptedException {
    self.bindMetrics(admin.registry());
    admin.serve(
        config.admin(),
        config.adminAccess(),
        budget.admin(),
        routes ->
            routes
                .status(self::status)
                .ready(self::notReady)
                .events(self.events())
                .page(() -> ConsoleAssets.page("alm pop " + config.id(), "pop"))
                .document("/customers", self::replaceCustomers)
                .document("/reload", self::reloadPosted));
  }
}
