package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.PeerMessage;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The discrete-time simulator: N limiters police open-loop Poisson demand and fluid AIMD TCP flows
 * every tick with their current {@link Enforcement}; at the end of every estimate interval each
 * limiter runs the {@link Allocator}'s step on what it measured and the messages delivered to it,
 * and its outgoing messages are lost with the scenario's probability or delivered after its delay
 * (at least one interval). Seeded: the same scenario and seed give the same result.
 *
 * <p>The run's parts: {@link SimulationRun} (the tick and the interval's end), {@link Policers}
 * (each limiter's bucket or drop probability, the central bucket), {@link FluidTcpFlows} (the fluid
 * TCP model and the FPS flow samples), {@link MessageNetwork} (loss and delay).
 */
public final class Simulator {

  /** Receives each interval's per-limiter series (for timeseries.csv). */
  public interface Observer {
    /**
     * @param t the end of the interval, seconds
     * @param demand each limiter's arrival rate over the interval, units/s
     * @param limit each limiter's local limit until the next step (NaN under random drop or CTB)
     * @param drop each limiter's drop probability (NaN under a local or central bucket)
     * @param served each limiter's served rate over the interval, units/s
     */
    void onInterval(double t, double[] demand, double[] limit, double[] drop, double[] served);
  }

  /** Receives progress, simulated seconds out of the total. */
  public interface Progress {
    void report(double simulated, double total);
  }

  private Simulator() {}

  /**
   * Runs {@code allocator} on {@code scenario}; {@code observer} and {@code progress} may be null.
   */
  public static SimulationResult run(
      Scenario scenario, Allocator<?, ?> allocator, Observer observer, Progress progress) {
    return runTyped(scenario, allocator, observer, progress);
  }

  private static <S, M extends PeerMessage> SimulationResult runTyped(
      Scenario sc, Allocator<S, M> alloc, Observer observer, Progress progress) {
    return new SimulationRun<>(sc, alloc).run(observer, progress);
  }

  /** Poisson arrivals with the given mean (normal approximation above 1,000). */
  public static double poisson(double mean, SplittableRandom rng) {
    if (mean <= 0) {
      return 0;
    }
    if (mean > 1000) {
      return Math.max(0, mean + Math.sqrt(mean) * rng.nextGaussian());
    }
    double l = Math.exp(-mean);
    int k = 0;
    double p = 1;
    do {
      k++;
      p *= rng.nextDouble();
    } while (p > l);
    return k - 1;
  }

  /** 0, every demand breakpoint and every flow start and stop within the run. */
  public static double[] changeTimes(Scenario sc) {
    TreeSet<Double> set = new TreeSet<>();
    set.add(0.0);
    for (DemandSpec d : sc.demands()) {
      for (double t : d.times()) {
        if (t > 0 && t < sc.duration()) {
          set.add(t);
        }
      }
    }
    for (FlowGroup g : sc.flows()) {
      if (g.start() > 0 && g.start() < sc.duration()) {
        set.add(g.start());
      }
      if (g.stop() < sc.duration()) {
        set.add(g.stop());
      }
    }
    return set.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
