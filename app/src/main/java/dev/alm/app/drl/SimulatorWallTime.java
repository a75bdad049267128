package dev.alm.app.drl;

import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioReader;
import dev.alm.ratelimit.sim.SimulationResult;
import dev.alm.ratelimit.sim.Simulator;
import dev.alm.ratelimit.sim.Summary;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * {@code alm drl bench --part sim}: the simulator's wall time on builtin:raghavan-scaling (FPS, br
 * = 3, 60 s simulated at 50 ms intervals) for each limiter count.
 */
final class SimulatorWallTime {

  private SimulatorWallTime() {}

  /** Runs and prints one line per count (each at least 2). */
  static void report(PrintWriter o, List<Integer> limiters) throws InputException {
    o.println();
    o.println("(sim) simulator wall time, builtin:raghavan-scaling (FPS, br = 3), 60 s at 50 ms");
    for (int n : limiters) {
      Scenario sc = ScenarioReader.read("builtin:raghavan-scaling?limiters=" + n + "&br=3");
      Allocator<?, ?> fps = DrlRuns.allocator("fps", sc).orElseThrow();
      long start = System.nanoTime();
      SimulationResult r = Simulator.run(sc, fps, null, null);
      double wall = (System.nanoTime() - start) / 1e9;
      o.printf(
          Locale.ROOT,
          "  %6d limiters x %.0f s: %8.2f s wall, served/limit %.3f%n",
          n,
          sc.duration(),
          wall,
          Summary.of(r).servedOverLimit());
      o.flush();
    }
  }
}
