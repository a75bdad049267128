package dev.alm.optimum.compare;

import dev.alm.controller.builtin.PaperSection5;
import dev.alm.controller.greedy.GreedyConfig;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.controller.sim.SimulationResult;
import dev.alm.controller.sim.Simulator;
import dev.alm.controller.sim.TrajectorySink;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * The comparison of paper 004 section V: for each mean load, draw demands A_i ~ Poisson(load) and
 * latencies d_i ~ U[0, 1] as the paper does, run the dual algorithm and the greedy law to
 * convergence and solve the optimum. Each draw is a pure function of (config, load index, run), so
 * draws can run in any order or in parallel and give the same sweep.
 */
public final class ComparisonSweep {

  /** The greedy start: the centre of the unit cube. */
  public static final double GREEDY_START = 0.5;

  private final Topology base;
  private final CompareConfig config;
  private final CentralOptimum optimum;

  /**
   * @param base the topology whose matrix, capacities and cost parameters eta, gamma are kept;
   *     demands and d are drawn
   */
  public ComparisonSweep(Topology base, CompareConfig config, CentralOptimum optimum) {
    this.base = base;
    this.config = config;
    this.optimum = optimum;
  }

  public CompareConfig config() {
    return config;
  }

  /** The topology of one draw. */
  public Topology draw(int loadIndex, int run) {
    long seed = config.seed() * 1_000_003L + loadIndex * 10_007L + run;
    PaperSection5 setup = new PaperSection5(base.correlation());
    Topology drawn = setup.draw(config.loads()[loadIndex], new Well19937c(seed));
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < base.size(); i++) {
      Node b = base.node(i);
      Node d = drawn.node(i);
      nodes.add(new Node(b.id(), b.capacity(), d.demand(), b.eta(), b.gamma(), d.d()));
    }
    return base.withNodes(nodes);
  }

  /** Runs one draw: dual, greedy and optimum. */
  public RunOutcome run(int loadIndex, int run) {
    Topology t = draw(loadIndex, run);
    SimulationResult dual =
        Simulator.dual(t, config.step(), config.dualStop(), TrajectorySink.NONE);
    GreedyConfig greedyConfig =
        GreedyConfig.defaults().withDt(Simulator.stableGreedyDt(t, GreedyConfig.DEFAULT_GAIN));
    SimulationResult greedy =
        Simulator.greedy(t, greedyConfig, GREEDY_START, config.greedyStop(), TrajectorySink.NONE);
    OptimumResult opt = optimum.solve(t);
    return new RunOutcome(
        config.loads()[loadIndex],
        run,
        dual.cost(),
        dual.overloaded().size(),
        dual.iterations(),
        dual.converged(),
        greedy.overloaded().size(),
        greedy.iterations(),
        opt.lowerBound(),
        opt.upperBound());
  }

  /** Summarises the runs of one load. */
  public static CompareRow summarise(double load, List<RunOutcome> runs) {
    SummaryStatistics cost = new SummaryStatistics();
    SummaryStatistics gap = new SummaryStatistics();
    SummaryStatistics dualOver = new SummaryStatistics();
    SummaryStatistics dualIter = new SummaryStatistics();
    SummaryStatistics greedyOver = new SummaryStatistics();
    SummaryStatistics greedyIter = new SummaryStatistics();
    SummaryStatistics lower = new SummaryStatistics();
    SummaryStatistics upper = new SummaryStatistics();
    int unconverged = 0;
    for (RunOutcome r : runs) {
      if (Double.isFinite(r.dualCost())) {
        cost.addValue(r.dualCost());
        gap.addValue(r.dualGap());
      }
      dualOver.addValue(r.dualOverloaded());
      dualIter.addValue(r.dualIterations());
      greedyOver.addValue(r.greedyOverloaded());
      greedyIter.addValue(r.greedyIterations());
      lower.addValue(r.optimumLower());
      upper.addValue(r.optimumUpper());
      unconverged += r.dualConverged() ? 0 : 1;
    }
    return new CompareRow(
        load,
        runs.size(),
        nanIfEmpty(cost, cost.getMean()),
        nanIfEmpty(cost, cost.getStandardDeviation()),
        dualOver.getMean(),
        nanIfEmpty(gap, gap.getMean()),
        nanIfEmpty(gap, gap.getMax()),
        dualIter.getMean(),
        (int) dualIter.getMax(),
        unconverged,
        greedyOver.getMean(),
        (int) greedyOver.getMax(),
        greedyIter.getMean(),
        lower.getMean(),
        upper.getMean());
  }

  private static double nanIfEmpty(SummaryStatistics s, double v) {
    return s.getN() == 0 ? Double.NaN : v;
  }
}
