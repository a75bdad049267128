package dev.alm.ratelimit.laplacian;

import dev.alm.ratelimit.graph.Laplacian;

/**
 * The server update cycle gamma of paper 003: the convergence factor Phi_cr = max_{i>=2} |1 - gamma
 * lambda_i| (eq. 15) and the cycle that minimises it, 2/(lambda_2 + lambda_n) (Theorem 2, eq. 27).
 * Consensus is reached iff Phi_cr < 1, i.e. 0 < gamma < 2/lambda_n (Lemma 2).
 */
public final class UpdateCycle {

  private UpdateCycle() {}

  /** Theorem 2: gamma_optimal = 2/(lambda_2 + lambda_n). */
  public static double optimal(Laplacian l) {
    return 2.0 / (l.lambda2() + l.lambdaN());
  }

  /** Phi_cr(gamma) = max_{i>=2} |1 - gamma lambda_i| (eq. 15). */
  public static double convergenceFactor(Laplacian l, double gamma) {
    double[] ev = l.eigenvalues();
    double worst = 0;
    for (int i = 1; i < ev.length; i++) {
      worst = Math.max(worst, Math.abs(1 - gamma * ev[i]));
    }
    return worst;
  }

  /** The largest stable cycle, 2/lambda_n (exclusive). */
  public static double stabilityLimit(Laplacian l) {
    return 2.0 / l.lambdaN();
  }
}
