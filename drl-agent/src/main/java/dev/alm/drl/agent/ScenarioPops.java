package dev.alm.drl.agent;

import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.sim.DemandSpec;
import dev.alm.ratelimit.sim.FluidTcpFlows;
import dev.alm.ratelimit.sim.Policers;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A simulator scenario's PoPs as the live agents see them: each PoP's open-loop Poisson demand
 * ({@link DemandSpec}) and TCP flows (the simulator's fluid AIMD model, {@link FluidTcpFlows})
 * policed by the enforcement its agent set last, in steps of the scenario's tick, by the
 * simulator's {@link Policers} (a token bucket at the rate with the depth, a drop probability, or
 * the one central bucket at L shared by every PoP). Time is an argument ({@link #advance}, in
 * scenario seconds); the caller advances it from a clock. Thread-safe: the agents measure and
 * enforce from their event loops while one driver advances.
 *
 * <p>Per estimate interval of the scenario it records the aggregate served rate, the aggregate
 * demand and Jain's index of the PoPs' served / arrived, the series from which {@code Summary}
 * computes {@code summary.json}'s fields.
 */
public final class ScenarioPops {

  private final Scenario scenario;
  private final DemandSpec[][] demandOf;
  private final SplittableRandom arrivals;
  private final FluidTcpFlows flows;
  private final Policers policers;
  private final double[] arrivedSinceMeasure;
  private final double[] servedSinceMeasure;
  private final double[] measuredAt;
  private final double[] arrivedInterval;
  private final double[] servedInterval;
  private long ticks;
  private int recorded;
  private final List<double[]> rows = new ArrayList<>();
  private final Simulator.Observer observer;

  public ScenarioPops(Scenario scenario) {
    this(scenario, null);
  }

  /**
   * @param observer receives each interval's per-PoP series as the simulator's observer does
   *     (arrival rate, local limit, drop probability, served rate), or null
   */
  public ScenarioPops(Scenario scenario, Simulator.Observer observer) {
    this.scenario = scenario;
    this.observer = observer;
    int n = scenario.limiters();
    List<List<DemandSpec>> lists = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lists.add(new ArrayList<>());
    }
    for (DemandSpec d : scenario.demands()) {
      lists.get(d.limiter()).add(d);
    }
    demandOf = new DemandSpec[n][];
    for (int i = 0; i < n; i++) {
      demandOf[i] = lists.get(i).toArray(new DemandSpec[0]);
    }
    arrivals = new SplittableRandom(scenario.seed());
    flows = new FluidTcpFlows(scenario, new SplittableRandom(scenario.seed() + 1));
    policers = new Policers(n, scenario.globalLimit(), scenario.bucketDepth());
    double equal = scenario.globalLimit() / n;
    for (int i = 0; i < n; i++) {
      policers.start(i, new Enforcement.LocalLimit(equal, scenario.bucketDepth()));
    }
    arrivedSinceMeasure = new double[n];
    servedSinceMeasure = new double[n];
    measuredAt = new double[n];
    arrivedInterval = new double[n];
    servedInterval = new double[n];
  }

  /** The scenario time reached. */
  public synchronized double now() {
    return time(ticks);
  }

  /** Runs the PoPs up to scenario time {@code t} in steps of the scenario's tick. */
  public synchronized void advance(double t) {
    double dt = scenario.interval() / scenario.ticksPerInterval();
    while (time(ticks + 1) <= t + 1e-12) {
      tick(time(ticks), dt);
      ticks++;
      double end = (recorded + 1) * scenario.interval();
      if (time(ticks) >= end - 1e-9) {
        record(end);
      }
    }
  }

  /**
   * The start of tick {@code k}, computed as the simulator computes it (interval k / ticks per
   * interval, plus the ticks into it) rather than summed tick by tick: the flows' once-per-RTT and
   * timeout tests compare times, and a sum's rounding moved them by a tick, which under heavy loss
   * kept flows sending that the simulator's had timed out (raghavan-baseline's 3-flow site at 169
   * kB/s under a limit of 0, against 6 kB/s).
   */
  private double time(long k) {
    int per = scenario.ticksPerInterval();
    double dt = scenario.interval() / per;
    return (k / per) * scenario.interval() + (k % per) * dt;
  }

  private void tick(double t, double dt) {
    int n = demandOf.length;
    double[] arrived = new double[n];
    boolean steady = t >= scenario.warmup();
    for (int i = 0; i < n; i++) {
      double r = 0;
      for (DemandSpec d : demandOf[i]) {
        r += d.rateAt(t);
      }
      arrived[i] = Simulator.poisson(r * dt, arrivals) + flows.offer(i, t, dt, steady);
    }
    policers.police(arrived, dt);
    for (int i = 0; i < n; i++) {
      double served = policers.served(i);
      flows.deliver(i, t, dt, arrived[i], served, policers.dropsTail(i), steady);
      arrivedSinceMeasure[i] += arrived[i];
      servedSinceMeasure[i] += served;
      arrivedInterval[i] += arrived[i];
      servedInterval[i] += served;
    }
  }

  private void record(double end) {
    int n = demandOf.length;
    double interval = scenario.interval();
    double served = 0;
    double demand = 0;
    double qSum = 0;
    double qSq = 0;
    double[] arrivalRate = new double[n];
    double[] limit = new double[n];
    double[] drop = new double[n];
    double[] servedOf = new double[n];
    for (int i = 0; i < n; i++) {
      arrivalRate[i] = arrivedInterval[i] / interval;
      limit[i] = policers.limit(i);
      drop[i] = policers.dropProbability(i);
      servedOf[i] = servedInterval[i] / interval;
      served += servedInterval[i];
      for (DemandSpec d : demandOf[i]) {
        demand += d.rateAt(end - interval);
      }
      demand += flows.demand(i);
      double q = arrivedInterval[i] <= 0 ? 1 : Math.min(1, servedInterval[i] / arrivedInterval[i]);
      qSum += q;
      qSq += q * q;
      arrivedInterval[i] = 0;
      servedInterval[i] = 0;
    }
    rows.add(new double[] {end, served / interval, demand, qSq > 0 ? qSum * qSum / (n * qSq) : 1});
    if (observer != null) {
      observer.onInterval(end, arrivalRate, limit, drop, servedOf);
    }
    recorded++;
  }

  /** The local limits of PoP {@code i}, for its agent. */
  public LocalLimits pop(int i) {
    return new LocalLimits() {
      @Override
      public double demand(String customer, long nowNanos) {
        return measure(customer, nowNanos, scenario.interval()).arrivalRate();
      }

      @Override
      public LocalMeasurement measure(String customer, long nowNanos, double interval) {
        return measured(i);
      }

      @Override
      public void setShare(String customer, double rate, Mode mode) {
        ScenarioPops.this.enforce(
            i, new Enforcement.LocalLimit(Math.max(0, rate), scenario.bucketDepth()));
      }

      @Override
      public void enforce(CustomerShare share) {
        ScenarioPops.this.enforce(i, share.enforcement());
      }
    };
  }

  /** What PoP {@code i} saw since its previous measurement (over the scenario time elapsed). */
  synchronized LocalMeasurement measured(int i) {
    double now = time(ticks);
    double elapsed = Math.max(now - measuredAt[i], 1e-6);
    LocalMeasurement m =
        new LocalMeasurement(
            elapsed,
            arrivedSinceMeasure[i],
            servedSinceMeasure[i],
            flows.endInterval(i, elapsed),
            flows.sampled(i));
    measuredAt[i] = now;
    arrivedSinceMeasure[i] = 0;
    servedSinceMeasure[i] = 0;
    return m;
  }

  /**
   * Sets what PoP {@code i} enforces from now on (its agent does; {@code bench/ScenarioReplay.java}
   * replays a simulated run's limits).
   */
  public synchronized void enforce(int i, Enforcement e) {
    policers.apply(i, e);
  }

  /** Each TCP flow's mean rate after the warm-up, units/s, as the simulator reports it. */
  public synchronized double[] flowRates() {
    return flows.flowRates();
  }

  /**
   * The recorded series, one row per scenario interval: end time, aggregate served rate, aggregate
   * demand, Jain's index of the PoPs' served / arrived.
   */
  public synchronized List<double[]> series() {
    return List.copyOf(rows);
  }
}
