package dev.alm.pop;

import dev.alm.loop.LoopState;
import dev.alm.loop.Mode;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.ToDoubleFunction;

/**
 * The control loop's {@code alm.pop.*} gauges (docs/pop/status.md, "Status and metrics"): x_i,
 * mu_i, beta_i, S_i, T_i, A_i and the fallback flag, read from the state after the last interval
 * and tagged with the PoP and its algorithm.
 */
final class PopGauges {
  private PopGauges() {}

  /** Registers the gauges on {@code r}, reading {@code tick}'s state. */
  static void bind(MeterRegistry r, PopTick tick) {
    gauge(r, tick, "alm.pop.x", "probability of answering L1", s -> s.x());
    gauge(r, tick, "alm.pop.mu", "price of the proxy's capacity (eq. 17)", s -> s.mu());
    gauge(
        r,
        tick,
        "alm.pop.beta",
        "beta_i from FastControl probes (eq. 20)",
        s -> s.beta() == null ? Double.NaN : s.beta().beta());
    gauge(
        r,
        tick,
        "alm.pop.beta.stderr",
        "standard error of beta_i",
        s -> s.beta() == null ? Double.NaN : s.beta().stdError());
    gauge(
        r,
        tick,
        "alm.pop.load",
        "S_i, requests/s",
        s -> s.load() * tick.config().loop().loadUnit());
    gauge(r, tick, "alm.pop.capacity", "T_i, requests/s", s -> tick.capacityRate());
    gauge(
        r,
        tick,
        "alm.pop.demand",
        "A_i, requests/s",
        s -> s.demand() * tick.config().loop().loadUnit());
    gauge(
        r,
        tick,
        "alm.pop.guard",
        "1 while the headroom guard bounds x (docs/headroom-guard.md)",
        s -> Double.isFinite(s.guard()) ? 1 : 0);
    gauge(
        r,
        tick,
        "alm.pop.fallback",
        "1 while in a fallback mode",
        s -> s.mode() == Mode.FALLBACK ? 1 : 0);
  }

  private static void gauge(
      MeterRegistry r, PopTick tick, String name, String help, ToDoubleFunction<LoopState> f) {
    PopConfig config = tick.config();
    Gauge.builder(name, tick, t -> f.applyAsDouble(t.state()))
        .description(help)
        .tag("pop", config.id())
        .tag("algorithm", config.loop().algorithm().label())
        .register(r);
  }
}
