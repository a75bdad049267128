package dev.alm.ratelimit.laplacian;

import dev.alm.ratelimit.graph.Laplacian;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;

/**
 * The steady-state dispersion Phi_ss of a noisy Laplacian throttler p(k+1) = (I - gamma L) p(k) +
 * v(k+1) (paper 003, eq. 18-19), the squared H2 norm of Theorem 1: Phi_ss = Trace[Q Cov(v)] with Q
 * the solution of the discrete Lyapunov equation (I - gamma L) Q (I - gamma L)^T - Q + (I - 11^T/n)
 * = 0 (eq. 21). Three ways to get Q, which agree where all are defined:
 *
 * <ul>
 *   <li>{@link #lyapunov}: Smith's doubling iteration Q <- Q + A Q A^T, A <- A^2 from Q = I -
 *       11^T/n, A = I - gamma L (the solver; quadratic convergence);
 *   <li>{@link #directSum}: the series sum_{k<K} A^k (I - 11^T/n) (A^k)^T (the check);
 *   <li>{@link #closedForm}: eq. (22), Q = (2 gamma L - gamma^2 L^2)^dagger, through the
 *       eigenvectors of L.
 * </ul>
 *
 * An unstable cycle (gamma lambda_i >= 2 for some i) has Phi_ss = infinity (eq. 24).
 */
public final class H2Measure {

  /** Doubling steps at most (2^60 terms of the series). */
  private static final int MAX_DOUBLINGS = 60;

  private H2Measure() {}

  /** The projector I - 11^T/n. */
  public static RealMatrix centering(int n) {
    RealMatrix p = MatrixUtils.createRealIdentityMatrix(n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        p.addToEntry(i, j, -1.0 / n);
      }
    }
    return p;
  }

  /**
   * Q by Smith's doubling, or null if the iteration does not converge (unstable cycle: the trace
   * passes 1e12 or 60 doublings are not enough).
   */
  public static RealMatrix lyapunov(RealMatrix laplacian, double gamma) {
    int n = laplacian.getRowDimension();
    RealMatrix pi = centering(n);
    RealMatrix a =
        MatrixUtils.createRealIdentityMatrix(n).subtract(laplacian.scalarMultiply(gamma));
    a = a.multiply(pi); // the 1 direction does not matter (Q lives on the centred subspace)
    RealMatrix q = pi;
    for (int k = 0; k < MAX_DOUBLINGS; k++) {
      RealMatrix add = a.multiply(q).multiply(a.transpose());
      q = q.add(add);
      if (add.getFrobeniusNorm() <= 1e-15 * Math.max(1.0, q.getFrobeniusNorm())) {
        return q;
      }
      if (q.getTrace() > 1e12 || Double.isNaN(q.getTrace())) {
        return null;
      }
      a = a.multiply(a);
    }
    return null;
  }

  /** The first {@code terms} terms of the series sum_k A^k (I - 11^T/n) (A^k)^T. */
  public static RealMatrix directSum(RealMatrix laplacian, double gamma, int terms) {
    int n = laplacian.getRowDimension();
    RealMatrix pi = centering(n);
    RealMatrix a =
        MatrixUtils.createRealIdentityMatrix(n).subtract(laplacian.scalarMultiply(gamma));
    RealMatrix power = pi;
    RealMatrix q = MatrixUtils.createRealMatrix(n, n);
    for (int k = 0; k < terms; k++) {
      q = q.add(power.multiply(power.transpose()));
      power = a.multiply(power);
    }
    return q;
  }

  /** Eq. (22) through the spectrum of L, or null if gamma lambda_i >= 2 for some i >= 2. */
  public static RealMatrix closedForm(Laplacian l, double gamma) {
    int n = l.size();
    double[] ev = l.eigenvalues();
    RealMatrix q = MatrixUtils.createRealMatrix(n, n);
    for (int i = 1; i < n; i++) {
      double s = gamma * ev[i] * (2 - gamma * ev[i]);
      if (!(s > 0)) {
        return null;
      }
      RealVector u = l.eigenvector(i);
      q = q.add(u.outerProduct(u).scalarMultiply(1.0 / s));
    }
    return q;
  }

  /** Phi_ss = Trace[Q Cov(v)] (eq. 21); infinity for a null Q. */
  public static double phi(RealMatrix q, RealMatrix cov) {
    return q == null ? Double.POSITIVE_INFINITY : q.multiply(cov).getTrace();
  }

  /**
   * Eq. (24): Phi_ss for independent, identically distributed demand changes with Cov(v) = gamma
   * sigma^2 I (Remark 3): sum_{i>=2} sigma^2 / (lambda_i (2 - gamma lambda_i)), or infinity.
   */
  public static double iid(Laplacian l, double gamma, double sigma2) {
    double[] ev = l.eigenvalues();
    double s = 0;
    for (int i = 1; i < ev.length; i++) {
      double d = ev[i] * (2 - gamma * ev[i]);
      if (!(d > 0)) {
        return Double.POSITIVE_INFINITY;
      }
      s += sigma2 / d;
    }
    return s;
  }

  /** Cov(v) = gamma sigma^2 I of Remark 3. */
  public static RealMatrix iidCovariance(int n, double gamma, double sigma2) {
    return MatrixUtils.createRealIdentityMatrix(n).scalarMultiply(gamma * sigma2);
  }
}
