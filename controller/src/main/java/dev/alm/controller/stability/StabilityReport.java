package dev.alm.controller.stability;

import java.util.List;

/**
 * What {@link StabilityAnalysis} finds about FastRoute's greedy heuristic (paper 004 section IV) on
 * one topology: the stability region (28) node by node, Theorem 4.3 for two-node topologies, and
 * the fixed points the greedy ODE (24) reaches, each with the eigenvalues of its Jacobian
 * (46)-(48). Immutable.
 *
 * @param ids node ids, in matrix order (the order of every vector below)
 * @param gain the gain beta of eq. (24) used
 * @param conditions condition (28) at every node, in node order
 * @param inStabilityRegion true when A lies in the polytope Pi_C of eq. (28), i.e. every node is
 *     safe
 * @param twoNode Theorem 4.3 for a two-node topology, {@code null} otherwise
 * @param fixedPoints the distinct fixed points reached, most-reached first
 * @param starts number of starts integrated
 * @param unsettledStarts starts whose trajectory had not settled at the horizon (not in {@code
 *     fixedPoints})
 */
public record StabilityReport(
    List<String> ids,
    double gain,
    List<NodeCondition> conditions,
    boolean inStabilityRegion,
    TwoNode twoNode,
    List<FixedPoint> fixedPoints,
    int starts,
    int unsettledStarts) {

  public StabilityReport {
    ids = List.copyOf(ids);
    conditions = List.copyOf(conditions);
    fixedPoints = List.copyOf(fixedPoints);
  }

  /** The ids of the nodes that fail condition (28). */
  public List<String> atRisk() {
    return conditions.stream()
        .filter(c -> c.risk() == Risk.AT_RISK)
        .map(NodeCondition::id)
        .toList();
  }

  /**
   * The reached fixed points that are stable and leave some node in locally uncontrollable
   * overload.
   */
  public List<FixedPoint> stableUncontrollable() {
    return fixedPoints.stream()
        .filter(p -> p.verdict() == Verdict.STABLE && !p.locallyUncontrollable().isEmpty())
        .toList();
  }

  /** Outcome of condition (28) at one node. */
  public enum Risk {
    /**
     * sum_{j != i} C_ji A_j &le; T_i: the greedy heuristic cannot leave node i in uncontrollable
     * overload.
     */
    SAFE,
    /**
     * sum_{j != i} C_ji A_j &gt; T_i: node i is at risk of locally uncontrollable overload (eq.
     * (27)).
     */
    AT_RISK
  }

  /**
   * Condition (28) at node i: the load other nodes' L1 answers could bring to proxy i even when i
   * offloads all its DNS answers, against its capacity.
   *
   * @param id node id
   * @param inflowFromOthers sum_{j != i} C_ji A_j, the left side of (28)
   * @param capacity T_i, the right side
   * @param risk {@link Risk#SAFE} when inflowFromOthers &le; capacity
   */
  public record NodeCondition(String id, double inflowFromOthers, double capacity, Risk risk) {}

  /** Which part of Theorem 4.3 applies to C(alpha, beta) of eq. (29). */
  public enum TheoremCase {
    /** Part 2: alpha &gt; 1/2 and beta &gt; 1/2, locally controllable for all demands A. */
    ALL_DEMANDS_CONTROLLABLE,
    /**
     * Part 3: alpha &lt; 1/2 and beta &lt; 1/2, controllable when A_1 &lt; T/(1-alpha), A_2 &lt;
     * T/(1-beta).
     */
    DEMAND_BOUNDED,
    /** Any other (alpha, beta): the theorem says nothing about controllability. */
    SILENT
  }

  /**
   * The sufficient demand bounds of Theorem 4.3 part 3, for two capacities (see {@link
   * TwoNodeTheorem}).
   *
   * @param first bound on A_1: T_2 / (1 - alpha), so that node 1's L1 answers cannot overload node
   *     2
   * @param second bound on A_2: T_1 / (1 - beta), so that node 2's L1 answers cannot overload node
   *     1
   * @param satisfied A_1 &lt; first and A_2 &lt; second
   */
  public record DemandBounds(double first, double second, boolean satisfied) {}

  /**
   * Theorem 4.3 for a two-node topology, C parametrised as eq. (29).
   *
   * @param alpha C_11
   * @param beta C_22
   * @param equalCapacities T_1 = T_2, the setting in which the theorem is proved
   * @param theoremCase the part of the theorem that applies
   * @param demandBounds the bounds of part 3, {@code null} unless {@link
   *     TheoremCase#DEMAND_BOUNDED}
   * @param guaranteedControllable true when the theorem guarantees no locally uncontrollable
   *     overload for the given A (part 2 with equal capacities, or part 3 with its bounds
   *     satisfied)
   * @param corner01 the corner fixed point x = (0, 1) of eq. (52), with its stability
   * @param corner10 the corner fixed point x = (1, 0), with its stability
   */
  public record TwoNode(
      double alpha,
      double beta,
      boolean equalCapacities,
      TheoremCase theoremCase,
      DemandBounds demandBounds,
      boolean guaranteedControllable,
      FixedPoint corner01,
      FixedPoint corner10) {}

  /**
   * A fixed point of eq. (24) (F(x) = 0 up to the settling tolerance).
   *
   * @param x the offload vector, coordinates within the boundary tolerance of 0 or 1 snapped to it
   *     and interior coordinates solved for S_i = T_i when possible
   * @param load S = Bx
   * @param residual max_i |dx_i/dt| at x
   * @param overloaded ids with S_i &gt; T_i (1 + 1e-9)
   * @param locallyUncontrollable overloaded ids with x_i = 0: locally uncontrollable overload, eq.
   *     (26)
   * @param eigenvalues eigenvalues of the Jacobian (46)-(48) at x, by decreasing real part
   * @param verdict stability read from the eigenvalues
   * @param starts how many starts reached this point (for corners of {@link TwoNode}, possibly 0)
   */
  public record FixedPoint(
      double[] x,
      double[] load,
      double residual,
      List<String> overloaded,
      List<String> locallyUncontrollable,
      List<Eigenvalue> eigenvalues,
      Verdict verdict,
      int starts) {

    public FixedPoint {
      x = x.clone();
      load = load.clone();
      overloaded = List.copyOf(overloaded);
      locallyUncontrollable = List.copyOf(locallyUncontrollable);
      eigenvalues = List.copyOf(eigenvalues);
    }

    @Override
    public double[] x() {
      return x.clone();
    }

    @Override
    public double[] load() {
      return load.clone();
    }
  }
}
