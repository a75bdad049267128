package dev.alm.controller.stability;

import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.StabilityReport.FixedPoint;
import dev.alm.controller.stability.StabilityReport.NodeCondition;
import dev.alm.controller.stability.StabilityReport.TwoNode;
import java.util.List;

/**
 * Stability analysis of FastRoute's greedy load-management heuristic (paper 004 section IV) on a
 * topology: condition (28) at every node ({@link StabilityRegion}), Theorem 4.3 when there are two
 * nodes ({@link TwoNodeTheorem}), and the fixed points the greedy ODE (24) reaches from several
 * starts with their Jacobian (46)-(48) eigenvalues ({@link FixedPointSearch}). Pure computation: no
 * I/O. Immutable and thread-safe.
 */
public final class StabilityAnalysis {

  private final StabilityConfig config;

  public StabilityAnalysis(StabilityConfig config) {
    this.config = config;
  }

  /** The analysis with {@link StabilityConfig#defaults()}. */
  public StabilityAnalysis() {
    this(StabilityConfig.defaults());
  }

  public StabilityConfig config() {
    return config;
  }

  /** Analyses {@code topology}. */
  public StabilityReport analyse(Topology topology) {
    List<NodeCondition> conditions = StabilityRegion.conditions(topology);
    boolean inRegion = conditions.stream().allMatch(c -> c.risk() == StabilityReport.Risk.SAFE);
    FixedPointSearch search = new FixedPointSearch(topology, config);
    List<OdeResult> results = search.run();
    List<FixedPoint> found = search.fixedPoints(results);
    int unsettled = (int) results.stream().filter(r -> !r.settled()).count();
    TwoNode twoNode = topology.size() == 2 ? TwoNodeTheorem.apply(topology, search, found) : null;
    return new StabilityReport(
        topology.ids(),
        config.gain(),
        conditions,
        inRegion,
        twoNode,
        found,
        results.size(),
        unsettled);
  }
}
