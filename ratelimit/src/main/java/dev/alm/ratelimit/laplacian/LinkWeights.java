package dev.alm.ratelimit.laplacian;

import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Edge;
import dev.alm.ratelimit.graph.Laplacian;
import java.util.Arrays;
import org.apache.commons.math3.linear.RealVector;

/**
 * Link weights for the fastest throttler at a fixed update cycle gamma (paper 003, problem 32):
 * minimise Phi_cr(w) = max_{i>=2} |1 - gamma lambda_i(L(w))| over w >= 0, with L(w) = sum_e w_e
 * L_e. Phi_cr is the spectral norm of I - gamma L(w) - 11^T/n, convex in w.
 *
 * <ul>
 *   <li>{@link #uniform}: the best single weight for every link, w = 2/(gamma (mu_2 + mu_n)) with
 *       mu the unit-weight spectrum (Theorem 2 rescaled);
 *   <li>{@link #fastest}: per-link weights by projected subgradient descent from the uniform
 *       optimum: the subgradient of 1 - gamma lambda_2 is -gamma (u_a - u_b)^2 and of gamma
 *       lambda_n - 1 is gamma (u_a - u_b)^2 (u the unit eigenvector, {a, b} the link); steps shrink
 *       as 1/sqrt(k) and the best point is kept, so the result is never worse than uniform.
 * </ul>
 */
public final class LinkWeights {

  private LinkWeights() {}

  /** Weights and the convergence factor they give. */
  public record Result(double[] weights, double phiCr) {}

  /** The optimal uniform weight at cycle gamma and the factor it gives. */
  public static Result uniform(CommunicationGraph g, double gamma) {
    Laplacian l = Laplacian.of(g.withUniformWeight(1.0));
    double w = 2.0 / (gamma * (l.lambda2() + l.lambdaN()));
    double[] ws = new double[g.edges().size()];
    Arrays.fill(ws, w);
    return new Result(ws, UpdateCycle.convergenceFactor(l, gamma * w));
  }

  /**
   * Per-link weights by projected subgradient.
   *
   * @param iterations subgradient steps (a few thousand suffice for tens of nodes)
   */
  public static Result fastest(CommunicationGraph g, double gamma, int iterations) {
    Result start = uniform(g, gamma);
    double[] w = start.weights().clone();
    double[] best = w.clone();
    double bestPhi = start.phiCr();
    double h0 = 0.5 * w[0];
    int m = w.length;
    double[] grad = new double[m];
    for (int k = 0; k < iterations; k++) {
      Laplacian l = Laplacian.of(g.withWeights(w));
      double low = 1 - gamma * l.lambda2();
      double high = gamma * l.lambdaN() - 1;
      double phi = Math.max(Math.abs(low), Math.abs(high));
      if (phi < bestPhi) {
        bestPhi = phi;
        best = w.clone();
      }
      boolean lowSide = low >= high;
      RealVector u = l.eigenvector(lowSide ? 1 : l.size() - 1);
      double norm = 0;
      for (int e = 0; e < m; e++) {
        Edge edge = g.edges().get(e);
        double d = u.getEntry(edge.a()) - u.getEntry(edge.b());
        grad[e] = (lowSide ? -gamma : gamma) * d * d;
        norm += grad[e] * grad[e];
      }
      if (norm == 0) {
        break;
      }
      double h = h0 / Math.sqrt(k + 1.0) / Math.sqrt(norm);
      for (int e = 0; e < m; e++) {
        w[e] = Math.max(0.0, w[e] - h * grad[e]);
      }
    }
    return new Result(best, bestPhi);
  }
}
