package dev.alm.controller.stability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * The Jacobian dF/dx of the greedy ODE (24) of paper 004 at a point x, eq. (46)-(48) with the gain
 * beta:
 *
 * <pre>
 *   J_ij = -beta R(x_i) B_ij                                    (i != j, eq. 47)
 *   J_ii = -beta (R(x_i) B_ii + (1 - 2 x_i) (S_i - T_i))         (eq. 48)
 * </pre>
 *
 * with {@code R(x) = x(1 - x)}, {@code B = C^T diag(A)} and {@code S = Bx}. Immutable.
 *
 * <p>Eigenvalues: a row with x_i exactly 0 or 1 has R(x_i) = 0, so its only non-zero entry is the
 * diagonal {@code -beta (1 - 2 x_i)(S_i - T_i)} (appendix VII-D). Ordering such boundary
 * coordinates first makes J block lower triangular, so its spectrum is these diagonal entries,
 * exact, together with the eigenvalues of the block on the interior coordinates, which Commons
 * Math's (non-symmetric) {@link EigenDecomposition} gives.
 */
public final class Jacobian {

  private final double[][] j;
  private final boolean[] boundary;

  private Jacobian(double[][] j, boolean[] boundary) {
    this.j = j;
    this.boundary = boundary;
  }

  /**
   * The Jacobian of {@code ode} at {@code x}.
   *
   * @throws IllegalArgumentException when x has the wrong length or leaves [0, 1]^N
   */
  public static Jacobian at(GreedyOde ode, double[] x) {
    int n = ode.getDimension();
    if (x.length != n) {
      throw new IllegalArgumentException("expected " + n + " coordinates, got " + x.length);
    }
    for (double v : x) {
      if (!(v >= 0 && v <= 1)) {
        throw new IllegalArgumentException("x must lie in [0, 1]^N, got " + v);
      }
    }
    double beta = ode.gain();
    double[] s = ode.load(x);
    double[] t = ode.capacities();
    double[][] j = new double[n][n];
    boolean[] boundary = new boolean[n];
    for (int i = 0; i < n; i++) {
      double r = x[i] * (1 - x[i]);
      boundary[i] = r == 0;
      for (int k = 0; k < n; k++) {
        j[i][k] = -beta * r * ode.b(i, k);
      }
      j[i][i] = -beta * (r * ode.b(i, i) + (1 - 2 * x[i]) * (s[i] - t[i]));
    }
    return new Jacobian(j, boundary);
  }

  /** The dimension N. */
  public int size() {
    return j.length;
  }

  /** dF_i/dx_k. */
  public double get(int i, int k) {
    return j[i][k];
  }

  /** A copy of the matrix. */
  public double[][] toArray() {
    double[][] copy = new double[j.length][];
    for (int i = 0; i < j.length; i++) {
      copy[i] = j[i].clone();
    }
    return copy;
  }

  /** The matrix as a Commons Math matrix (a copy). */
  public RealMatrix toRealMatrix() {
    return new Array2DRowRealMatrix(j, true);
  }

  /** All N eigenvalues, by decreasing real part (then decreasing imaginary part). */
  public List<Eigenvalue> eigenvalues() {
    List<Eigenvalue> out = new ArrayList<>(j.length);
    List<Integer> interior = new ArrayList<>();
    for (int i = 0; i < j.length; i++) {
      if (boundary[i]) {
        out.add(new Eigenvalue(j[i][i], 0));
      } else {
        interior.add(i);
      }
    }
    int m = interior.size();
    if (m > 0) {
      double[][] block = new double[m][m];
      for (int a = 0; a < m; a++) {
        for (int c = 0; c < m; c++) {
          block[a][c] = j[interior.get(a)][interior.get(c)];
        }
      }
      EigenDecomposition eig = new EigenDecomposition(new Array2DRowRealMatrix(block, false));
      double[] re = eig.getRealEigenvalues();
      double[] im = eig.getImagEigenvalues();
      for (int a = 0; a < m; a++) {
        out.add(new Eigenvalue(re[a], im[a]));
      }
    }
    out.sort(
        Comparator.comparingDouble(Eigenvalue::real)
            .thenComparingDouble(Eigenvalue::imaginary)
            .reversed());
    return List.copyOf(out);
  }

  /**
   * The stability of x as a fixed point; real parts within {@code tolerance} of zero count as zero.
   */
  public Verdict verdict(double tolerance) {
    return Verdict.of(eigenvalues(), tolerance);
  }
}
