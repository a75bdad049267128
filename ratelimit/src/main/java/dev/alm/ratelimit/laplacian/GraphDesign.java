package dev.alm.ratelimit.laplacian;

import dev.alm.ratelimit.gdrl.GainBound;
import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Laplacian;

/**
 * Everything {@code alm drl design} reports for one communication graph and update cycle gamma: the
 * Laplacian spectrum, GDRL's gain bound (paper 000, eq. 15) and the gain where it really diverges,
 * the optimal update cycle (paper 003, Theorem 2) with its convergence factor, the factor at gamma,
 * the optimal uniform and per-link weights at gamma (problem 32), and the H2 measure Phi_ss at
 * gamma (Theorem 1, Cov(v) = gamma sigma^2 I as in Remark 3).
 *
 * @param nodes N
 * @param links |E|
 * @param minDegree min d_i
 * @param maxDegree max d_i
 * @param eigenvalues lambda_1..lambda_n of L with the graph's weights, ascending
 * @param gdrlGainBound 1/(2 d_max), bound (15) for spare bandwidth
 * @param gdrlDivergenceGain 2/lambda_n of the unit-weight Laplacian: with exact demands GDRL
 *     converges below it and diverges above it
 * @param optimalCycle 2/(lambda_2 + lambda_n) (eq. 27)
 * @param optimalCycleFactor Phi_cr at the optimal cycle (eq. 15)
 * @param gamma the cycle asked for
 * @param factorAtGamma Phi_cr(gamma) with the graph's weights (>= 1: no consensus)
 * @param uniformWeight the best single link weight at gamma
 * @param uniformFactor Phi_cr with it
 * @param edgeWeights per-link weights at gamma in the order of the graph's links, or null when not
 *     computed (graphs above {@link #MAX_NODES_FOR_PER_LINK} nodes)
 * @param edgeFactor Phi_cr with them (NaN when not computed)
 * @param sigma2 sigma^2 of the demand changes
 * @param h2 Phi_ss at gamma by eq. (24) (infinity when gamma lambda_n >= 2)
 * @param h2Lyapunov Phi_ss at gamma from the Lyapunov solver (NaN when not computed: above {@link
 *     #MAX_NODES_FOR_LYAPUNOV} nodes)
 */
public record GraphDesign(
    int nodes,
    int links,
    int minDegree,
    int maxDegree,
    double[] eigenvalues,
    double gdrlGainBound,
    double gdrlDivergenceGain,
    double optimalCycle,
    double optimalCycleFactor,
    double gamma,
    double factorAtGamma,
    double uniformWeight,
    double uniformFactor,
    double[] edgeWeights,
    double edgeFactor,
    double sigma2,
    double h2,
    double h2Lyapunov) {

  /** Largest graph for the per-link subgradient (one eigen decomposition per iteration). */
  public static final int MAX_NODES_FOR_PER_LINK = 60;

  /** Largest graph for the dense Lyapunov solver. */
  public static final int MAX_NODES_FOR_LYAPUNOV = 200;

  /** Computes the report. */
  public static GraphDesign of(CommunicationGraph g, double gamma, double sigma2, int iterations) {
    if (!(gamma > 0)) {
      throw new IllegalArgumentException("gamma must be > 0, got " + gamma);
    }
    Laplacian l = Laplacian.of(g);
    Laplacian unit = g.unweighted() ? l : Laplacian.of(g.withUniformWeight(1.0));
    int minDeg = Integer.MAX_VALUE;
    for (int i = 0; i < g.size(); i++) {
      minDeg = Math.min(minDeg, g.degree(i));
    }
    double opt = g.size() < 2 ? Double.NaN : UpdateCycle.optimal(l);
    LinkWeights.Result uniform = LinkWeights.uniform(g, gamma);
    double[] edges = null;
    double edgeFactor = Double.NaN;
    if (g.size() <= MAX_NODES_FOR_PER_LINK) {
      LinkWeights.Result f = LinkWeights.fastest(g, gamma, iterations);
      edges = f.weights();
      edgeFactor = f.phiCr();
    }
    double lyap = Double.NaN;
    if (g.size() <= MAX_NODES_FOR_LYAPUNOV) {
      lyap =
          H2Measure.phi(
              H2Measure.lyapunov(l.matrix(), gamma),
              H2Measure.iidCovariance(g.size(), gamma, sigma2));
    }
    return new GraphDesign(
        g.size(),
        g.edges().size(),
        minDeg,
        g.maxDegree(),
        l.eigenvalues(),
        GainBound.spareBandwidth(g),
        GainBound.linearLimit(unit.lambdaN()),
        opt,
        UpdateCycle.convergenceFactor(l, opt),
        gamma,
        UpdateCycle.convergenceFactor(l, gamma),
        uniform.weights().length == 0 ? Double.NaN : uniform.weights()[0],
        uniform.phiCr(),
        edges,
        edgeFactor,
        sigma2,
        H2Measure.iid(l, gamma, sigma2),
        lyap);
  }
}
