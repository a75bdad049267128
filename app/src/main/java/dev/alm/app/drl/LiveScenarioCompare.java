package dev.alm.app.drl;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.app.Outputs;
import dev.alm.app.UserError;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.drl.agent.LiveScenarioRun;
import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.SimulationResult;
import dev.alm.ratelimit.sim.Simulator;
import dev.alm.ratelimit.sim.Summary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code alm drl agents --scenario}: one scenario through the simulator and through live agents on
 * loopback ({@link LiveScenarioRun}), per algorithm, with the two summaries side by side and their
 * differences in units of L (docs/ratelimit/live-vs-sim.md).
 */
final class LiveScenarioCompare {

  private LiveScenarioCompare() {}

  /** The algorithms of a comma-separated list, {@code all} for every one a customer may pick. */
  static List<String> algorithms(String list) {
    if (list == null || list.equals("all")) {
      return CustomerLimit.ALGORITHMS;
    }
    List<String> out = new ArrayList<>();
    for (String a : list.split(",")) {
      String name = a.trim();
      if (!CustomerLimit.ALGORITHMS.contains(name)) {
        throw new UserError(
            "--algorithm: "
                + name
                + " is not one of "
                + String.join("|", CustomerLimit.ALGORITHMS)
                + " (or all)");
      }
      out.add(name);
    }
    return out;
  }

  /**
   * Runs every algorithm simulated then live, prints one line per algorithm and writes {@code
   * ALG/summary.json} (live), {@code ALG/simulated.json}, {@code ALG/timeseries.csv} and {@code
   * ALG/simulated.csv} (the live and simulated series per limiter, {@link SeriesCsv}) and {@code
   * ALG/live.png} and {@code ALG/simulated.png} under {@code out}.
   */
  static int run(
      Scenario given,
      List<String> algorithms,
      int threads,
      Path out,
      PrintWriter o,
      PrintWriter err)
      throws Exception {
    Scenario sc = withAgentDefaults(given);
    boolean flows = !sc.flows().isEmpty();
    header(sc, flows, o);
    for (String alg : algorithms) {
      Allocator<?, ?> a =
          DrlRuns.allocator(alg, sc)
              .orElseThrow(() -> new UserError("--algorithm: " + alg + " is not available"));
      Recorded sim = simulated(sc, a);
      Recorded live = live(sc, alg, threads, err);
      write(sc, Outputs.directory(out.resolve(alg)), sim, live);
      row(alg, sim.summary(), live.summary(), flows, o);
    }
    return 0;
  }

  /** One run's result, its summary, its wall time and its series per limiter. */
  private record Recorded(
      SimulationResult result,
      Summary summary,
      double wallSeconds,
      StringWriter rows,
      SeriesRecorder series) {}

  private static Recorded simulated(Scenario sc, Allocator<?, ?> a) {
    StringWriter rows = new StringWriter();
    SeriesRecorder series = new SeriesRecorder(sc.limiters());
    long t0 = System.nanoTime();
    SimulationResult r = Simulator.run(sc, a, SeriesCsv.observer(rows, series), null);
    return new Recorded(r, Summary.of(r), DrlRuns.secondsSince(t0), rows, series);
  }

  private static Recorded live(Scenario sc, String alg, int threads, PrintWriter err)
      throws Exception {
    StringWriter rows = new StringWriter();
    SeriesRecorder series = new SeriesRecorder(sc.limiters());
    long t0 = System.nanoTime();
    SimulationResult r =
        LiveScenarioRun.run(
            sc, alg, threads, progress(err, alg, sc.duration()), SeriesCsv.observer(rows, series));
    return new Recorded(r, Summary.of(r), DrlRuns.secondsSince(t0), rows, series);
  }

  private static void write(Scenario sc, Path dir, Recorded sim, Recorded live) throws IOException {
    Map<String, Object> liveJson = DrlJson.summary(live.summary(), sc, live.wallSeconds());
    liveJson.put("run", "live");
    Outputs.json(dir.resolve("summary.json"), liveJson);
    Map<String, Object> simJson = DrlJson.summary(sim.summary(), sc, sim.wallSeconds());
    simJson.put("run", "simulated");
    Outputs.json(dir.resolve("simulated.json"), simJson);
    Outputs.write(dir.resolve("timeseries.csv"), w -> w.write(live.rows().toString()));
    Outputs.write(dir.resolve("simulated.csv"), w -> w.write(sim.rows().toString()));
    DrlPlots.simulate(live.result(), live.series(), dir.resolve("live.png"));
    DrlPlots.simulate(sim.result(), sim.series(), dir.resolve("simulated.png"));
  }

  private static void header(Scenario sc, boolean flows, PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "%s: %d limiters, L %.0f %s, %.0f s, %.0f ms intervals, loss %.2f, delay %.3f s%n",
        sc.source(),
        sc.limiters(),
        sc.globalLimit(),
        sc.unit(),
        sc.duration(),
        sc.interval() * 1000,
        sc.loss(),
        sc.delay());
    o.printf(
        Locale.ROOT,
        "%-6s %21s %21s %21s %12s%s%n",
        "alg",
        "served/L sim live",
        "p95 err sim live",
        "converge s sim live",
        "live B/s/ag",
        flows ? String.format(Locale.ROOT, " %21s", "jain flows sim live") : "");
    o.flush();
  }

  private static void row(String alg, Summary sim, Summary live, boolean flows, PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "%-6s %10.3f %10.3f %10.3f %10.3f %10.2f %10.2f %12.0f%s%n",
        alg,
        sim.servedOverLimit(),
        live.servedOverLimit(),
        sim.aggregateErrorP95(),
        live.aggregateErrorP95(),
        sim.convergenceSeconds(),
        live.convergenceSeconds(),
        live.bytesPerLimiterPerSecond(),
        flows
            ? String.format(Locale.ROOT, " %10.3f %10.3f", sim.jainFlows(), live.jainFlows())
            : "");
    o.flush();
  }

  /**
   * The scenario with the parameters a live agent would take by default written out, so that the
   * simulator runs the same: GDRL's gain 1/(2 d_max) (paper 000's bound (9)) when the scenario
   * gives none, and br of at least 1 (an agent always gossips to some peer: a scenario of br = 0,
   * as paper 000's, would otherwise leave the simulator's gossip algorithms counting their own
   * demand alone while the live ones hear their peers), and unaligned timers (each agent's timer
   * has its phase, so a message waits for its receiver's next tick: with 100 ms of delay at 50 ms
   * intervals, 2 or 3 intervals live where aligned steps take exactly 2), and the agents' safe
   * start (L/N until a peer is heard, then at most L/N for the silence period).
   */
  static Scenario withAgentDefaults(Scenario given) {
    Scenario sc =
        (given.branching() < 1 ? given.withBranching(1) : given)
            .withUnalignedTimers(true)
            .withSafeStart(LiveScenarioRun.silence(given));
    ObjectNode a =
        sc.algorithms() != null && sc.algorithms().isObject()
            ? ((ObjectNode) sc.algorithms()).deepCopy()
            : JsonNodeFactory.instance.objectNode();
    if (a.has("gdrl") && a.get("gdrl").has("eta")) {
      return sc;
    }
    int dMax = 1;
    for (int i = 0; i < sc.limiters(); i++) {
      int d = sc.graph().neighboursOf(i).length;
      dMax = Math.max(dMax, d == 0 ? sc.limiters() - 1 : d);
    }
    ObjectNode g =
        a.has("gdrl") && a.get("gdrl").isObject()
            ? (ObjectNode) a.get("gdrl")
            : a.putObject("gdrl");
    g.put("eta", 1.0 / (2 * dMax));
    return sc.withAlgorithms(a);
  }

  private static Simulator.Progress progress(PrintWriter err, String alg, double total) {
    return (done, all) -> {
      if ((int) done % 10 == 0) {
        err.printf(Locale.ROOT, "alm drl agents: %s live, %.0f of %.0f s%n", alg, done, total);
        err.flush();
      }
    };
  }
}
