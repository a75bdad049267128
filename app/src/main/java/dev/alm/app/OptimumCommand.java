package dev.alm.app;

import dev.alm.controller.model.Topology;
import dev.alm.loop.LoopConfig;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm optimum}: the centralized optimum of P1, the yardstick of the distributed controllers.
 */
@Command(
    name = "optimum",
    header = "The centralized optimum of problem P1 (OR-Tools), with proven bounds.",
    mixinStandardHelpOptions = true,
    description = {
      "Solve problem P1 (paper 004 eq. 5-10) centrally with OR-Tools GLOP: each convex cost is replaced by",
      "tangent cuts, so the LP value is a proven lower bound; the true cost W at the LP's x is an upper",
      "bound; cuts are added until the relative gap is below the tolerance. Writes DIR/optimum.json with",
      "lowerBound, upperBound, relativeGap, cutRounds, x and S (by node id)."
    })
public final class OptimumCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TopologyOption topology;

  @Option(
      names = "--tolerance",
      defaultValue = "1e-4",
      description =
          "Relative gap (upper - lower) / upper at which to stop. Default: ${DEFAULT-VALUE}.")
  double tolerance;

  @Option(
      names = "--aim",
      paramLabel = "LOAD_UNIT",
      defaultValue = "0",
      description = {
        "Lower each capacity T to the T' the live dual aims its proxy at when a load unit is",
        "LOAD_UNIT requests/s (1 s intervals, guard load 1.1: the noise margin of",
        "docs/headroom-guard.md, \"Noise\"): the optimum the loop converges to. 0: the",
        "capacities as they are. Default: 0."
      })
  double aim;

  @Mixin OutputDirectoryOption output;

  @Override
  public Integer call() throws Exception {
    Topology t = topology.load(spec.commandLine().getErr());
    if (!(aim >= 0) || !Double.isFinite(aim)) {
      throw new UserError("--aim: a load unit in requests/s >= 0 (0: no aim), got " + aim);
    }
    if (aim > 0) {
      t = AllLoadOptimum.aimed(t, aim, 1, LoopConfig.DEFAULT_GUARD_LOAD);
    }
    CentralOptimum solver;
    try {
      solver = new CentralOptimum().withRelativeTolerance(tolerance);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    OptimumResult r = solver.solve(t);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("lowerBound", Outputs.finiteOrNull(r.lowerBound()));
    m.put("upperBound", Outputs.finiteOrNull(r.upperBound()));
    m.put("relativeGap", Outputs.finiteOrNull(r.relativeGap()));
    m.put("cutRounds", r.cutRounds());
    m.put("x", Outputs.byId(t.ids(), r.x()));
    m.put("S", Outputs.byId(t.ids(), r.s()));
    m.put("T", Outputs.byId(t.ids(), t.capacities()));
    Path out = output.create();
    Outputs.json(out.resolve("optimum.json"), m);
    spec.commandLine()
        .getOut()
        .printf(
            Locale.ROOT,
            "optimum of P1 on %d nodes: %.8g <= W* <= %.8g (relative gap %.2g, %d cut rounds)%nwrote %s%n",
            t.size(),
            r.lowerBound(),
            r.upperBound(),
            r.relativeGap(),
            r.cutRounds(),
            out.resolve("optimum.json"));
    return 0;
  }
}
