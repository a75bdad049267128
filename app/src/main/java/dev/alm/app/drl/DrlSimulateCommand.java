package dev.alm.app.drl;

import dev.alm.app.OutputDirectoryOption;
import dev.alm.app.Outputs;
import dev.alm.app.UserError;
import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.keys.KeyedScenarioReader;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioReader;
import dev.alm.ratelimit.sim.SimulationResult;
import dev.alm.ratelimit.sim.Simulator;
import dev.alm.ratelimit.sim.Summary;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code alm drl simulate}: one algorithm on one scenario (docs/ratelimit/simulator.md). */
@Command(
    name = "simulate",
    header = "Simulate one allocation algorithm on a scenario of N limiters.",
    mixinStandardHelpOptions = true,
    description = {
      "Simulate N limiters sharing a global limit under one algorithm (docs/ratelimit/simulator.md). Writes",
      "DIR/timeseries.csv (t in s, limiter, demand and served in the scenario's unit per second, limit",
      "= the local limit in units/s or empty, drop = the drop probability or empty), DIR/summary.json",
      "(algorithm, limit, servedOverLimit, aggregateErrorP95, jainFlows, jainLimiters,",
      "convergenceSeconds, messagesPerLimiterPerSecond, bytesPerLimiterPerSecond, wallSeconds) and",
      "DIR/simulate.png. Prints the wall time of the simulation. Progress goes to stderr."
    })
public final class DrlSimulateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = {"-s", "--scenario"},
      required = true,
      description =
          "A scenario JSON file or builtin:raghavan-baseline, builtin:raghavan-shift,"
              + " builtin:raghavan-scaling?limiters=N&br=B&loss=P (defaults N=490, B=3, P=0)."
              + " A keyed scenario (per-key limits, docs/ratelimit/keys.md): builtin:keys-zipf?k=v,"
              + " builtin:keys-rate?k=v or a file whose top-level field keys is the number of keys.")
  String scenario;

  @Option(
      names = {"-a", "--algorithm"},
      description =
          "share (the live agent's default), ctb, gtb, grd, fps, gdrl, dst, static or independent."
              + " Required, except for a keyed scenario (its keys are shared through their homes).")
  String algorithm;

  @Mixin OutputDirectoryOption output;

  @Option(names = "--seed", description = "Random seed (default: the scenario's).")
  Long seed;

  @Option(names = "--duration", description = "Simulated seconds (default: the scenario's).")
  Double duration;

  @Option(
      names = "--bench",
      description =
          "Only time the simulation: write summary.json, skip timeseries.csv and the plot.")
  boolean bench;

  @Option(
      names = "--faster",
      defaultValue = "1",
      description =
          "Run the scenario F times faster (times / F, rates x F, the same units per interval), as"
              + " alm drl agents --faster does, e.g. 20 for paper 000's 1-second slots at 50 ms."
              + " Open-loop scenarios only. Default: 1.")
  double faster;

  @Option(
      names = "--as-agents",
      description =
          "Simulate the scenario as alm drl agents --scenario does beside its live run: with the"
              + " parameters a live agent takes by default (gossip to at least one peer, GDRL's"
              + " gain 1/(2 d_max) when the scenario gives none), its timer (the limiters'"
              + " intervals at random phases: a message waits for its receiver's next step) and its"
              + " safe start (L/N until a peer is heard, then at most L/N for the silence period).")
  boolean asAgents;

  @Override
  public Integer call() throws Exception {
    if (KeyedScenarioReader.isKeyed(scenario)) {
      if (algorithm != null) {
        throw new UserError("--algorithm: a keyed scenario's keys are shared through their homes");
      }
      return KeyedSimulate.run(
          KeyedScenarioReader.read(scenario),
          seed,
          duration,
          output.create(),
          spec.commandLine().getOut(),
          spec.commandLine().getErr());
    }
    if (algorithm == null) {
      throw new ParameterException(
          spec.commandLine(), "Missing required option: '--algorithm=<algorithm>'");
    }
    DrlRuns.checkName(algorithm, "--algorithm");
    Scenario sc = DrlRuns.faster(ScenarioReader.read(scenario), faster);
    if (seed != null) {
      sc = sc.withSeed(seed);
    }
    if (asAgents) {
      sc = LiveScenarioCompare.withAgentDefaults(sc);
    }
    if (duration != null) {
      if (!(duration > sc.interval())) {
        throw new UserError("--duration must exceed the interval " + sc.interval() + " s");
      }
      sc = sc.withDuration(duration);
    }
    PrintWriter err = spec.commandLine().getErr();
    Optional<Allocator<?, ?>> alloc =
        DrlRuns.availableOrSay(algorithm, sc, err, "alm drl simulate", "--algorithm");
    if (alloc.isEmpty()) {
      return DrlRuns.NOT_AVAILABLE;
    }
    Path out = output.create();
    long start = System.nanoTime();
    Simulator.Progress progress = progress(err, "alm drl simulate", start);
    SimulationResult result;
    SeriesRecorder rec = new SeriesRecorder(sc.limiters());
    if (bench) {
      result = Simulator.run(sc, alloc.get(), null, progress);
    } else {
      SimulationResult[] holder = new SimulationResult[1];
      Scenario fsc = sc;
      Outputs.write(
          out.resolve("timeseries.csv"),
          w -> holder[0] = Simulator.run(fsc, alloc.get(), SeriesCsv.observer(w, rec), progress));
      result = holder[0];
    }
    double wall = DrlRuns.secondsSince(start);
    Summary s = Summary.of(result);
    Outputs.json(out.resolve("summary.json"), DrlJson.summary(s, sc, wall));
    if (!bench) {
      DrlPlots.simulate(result, rec, out.resolve("simulate.png"));
    }
    PrintWriter o = spec.commandLine().getOut();
    o.printf(
        Locale.ROOT,
        "%s on %s: %d limiters x %.0f s at %.0f ms intervals in %.2f s wall; served/limit %.3f,"
            + " p95 error %.3f, Jain flows %.3f%n",
        s.algorithm(),
        sc.source(),
        sc.limiters(),
        sc.duration(),
        sc.interval() * 1000,
        wall,
        s.servedOverLimit(),
        s.aggregateErrorP95(),
        s.jainFlows());
    o.flush();
    return 0;
  }

  static Simulator.Progress progress(PrintWriter err, String who, long start) {
    return (done, total) -> {
      double elapsed = DrlRuns.secondsSince(start);
      if (elapsed > 2) {
        err.printf(
            Locale.ROOT,
            "%s: %.0f%% (%.1f of %.1f s simulated, %.1f s wall)%n",
            who,
            100 * done / total,
            done,
            total,
            elapsed);
        err.flush();
      }
    };
  }
}
