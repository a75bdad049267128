package dev.alm.pop;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.dns.DnsNode;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.fastcontrol.ProbePlan;
import dev.alm.io.Clocks;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.ControlLoop;
import dev.alm.loop.LoopState;
import dev.alm.loop.SavedState;
import dev.alm.proxy.ProxyServer;
import java.util.function.Consumer;

/**
 * One PoP's control interval (docs/architecture.md, "One control interval"): reads the {@link
 * PopSensors}, steps the {@link ControlLoop}, publishes x_i to the DNS answers, the price to the
 * proxy's echoes, the probe weight to the DNS's signer and mu_i to the probe plan (eq. 19), says
 * mode changes in one line and persists the state ({@link StateWrites}). It holds the running
 * configuration and loop, which a reload switches between two intervals ({@link #between}).
 */
final class PopTick {
  /** The running configuration: the start's, then each applied reload's. */
  private volatile PopConfig config;

  /** The control loop: replaced by a reload's tunables between two intervals, its state kept. */
  private volatile ControlLoop loop;

  private volatile LoopState state;
  private final DnsNode dns;
  private final ProxyServer proxy;
  private final PlannedProbeAnswerer answerer;
  private final PopSensors sensors;
  private final StateWrites writes;
  private final Clocks clocks;
  private final Consumer<String> log;
  private final Runnable afterEach;
  private final double[] row;
  private final double[] column;

  /**
   * @param afterEach run at the end of every interval, before the next can start
   */
  PopTick(
      PopConfig config,
      ControlLoop loop,
      LoopState initial,
      DnsNode dns,
      ProxyServer proxy,
      PlannedProbeAnswerer answerer,
      StateWrites writes,
      Clocks clocks,
      Consumer<String> log,
      Runnable afterEach) {
    this.config = config;
    this.loop = loop;
    this.state = initial;
    this.dns = dns;
    this.proxy = proxy;
    this.answerer = answerer;
    this.sensors = new PopSensors(dns, proxy, () -> answerer.stats(clocks.nanos()).probes());
    this.writes = writes;
    this.clocks = clocks;
    this.log = log;
    this.afterEach = afterEach;
    CorrelationMatrix c = config.topology().correlation();
    this.row = c.row(config.index());
    this.column = c.column(config.index());
  }

  /**
   * Whether the PoP takes beta_i from price echoes (its proxy echoes its price, its DNS counts).
   */
  static boolean echoes(PopConfig config) {
    return config.loop().betaSource() == BetaSource.ECHO
        && config.loop().algorithm() == Algorithm.DUAL;
  }

  /**
   * One control interval: measure, step, publish x_i and the probe plan, persist. Returns the new
   * state.
   */
  synchronized LoopState tick() {
    LoopState before = state;
    LoopState next = loop.step(before, sensors.read(clocks.nanos()));
    dns.x().set(next.x());
    if (echoes(config)) {
      proxy.node().publishPrice(next.alignedPrice());
      proxy.node().publishCapacity(capacityRate());
    }
    if (dns.probeSigner() != null) {
      dns.probeSigner().publishWeight(loop.probeWeight(next), loop.probeRate(next));
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
    if (writes.enabled()) {
      writes.write(
          config.id(),
          SavedState.of(
              config.id(),
              config.loop().algorithm(),
              next,
              clocks.millis(),
              answerer.beaconRate(clocks.nanos())));
    }
    afterEach.run();
    return next;
  }

  /**
   * Switches to {@code after} and {@code nextLoop} (the state kept) and runs {@code also}, between
   * two intervals.
   */
  synchronized void between(PopConfig after, ControlLoop nextLoop, Runnable also) {
    loop = nextLoop;
    config = after;
    also.run();
  }

  /** Forgets the proxy (a failure drill closed it): the meter reads stale from now on. */
  void proxyGone() {
    sensors.proxyGone();
  }

  PopConfig config() {
    return config;
  }

  ControlLoop loop() {
    return loop;
  }

  /** The state after the last interval. */
  LoopState state() {
    return state;
  }

  /** T_i in requests/s. */
  double capacityRate() {
    return loop.capacity() * config.loop().loadUnit();
  }
}
