package dev.alm.ratelimit.graph;

import java.util.Arrays;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;

/**
 * The weighted Laplacian L of a communication graph (paper 003, section 2: off-diagonal -w_ij,
 * diagonal the weighted degree) and its spectrum 0 = lambda_1 <= lambda_2 <= ... <= lambda_n (eq.
 * 1), through Commons Math's symmetric eigen decomposition.
 */
public final class Laplacian {

  private final RealMatrix matrix;
  private final double[] eigenvalues;
  private final RealVector[] eigenvectors;

  private Laplacian(RealMatrix matrix) {
    this.matrix = matrix;
    int n = matrix.getRowDimension();
    EigenDecomposition ed = new EigenDecomposition(matrix);
    double[] ev = ed.getRealEigenvalues();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(ev[x], ev[y]));
    eigenvalues = new double[n];
    eigenvectors = new RealVector[n];
    for (int i = 0; i < n; i++) {
      eigenvalues[i] = ev[order[i]];
      eigenvectors[i] = ed.getEigenvector(order[i]);
    }
  }

  /** The Laplacian of {@code g} with its spectrum. */
  public static Laplacian of(CommunicationGraph g) {
    return new Laplacian(matrix(g));
  }

  /** The Laplacian matrix L of {@code g} (dense n x n). */
  public static RealMatrix matrix(CommunicationGraph g) {
    int n = g.size();
    double[][] l = new double[n][n];
    for (Edge e : g.edges()) {
      l[e.a()][e.a()] += e.weight();
      l[e.b()][e.b()] += e.weight();
      l[e.a()][e.b()] -= e.weight();
      l[e.b()][e.a()] -= e.weight();
    }
    return new Array2DRowRealMatrix(l, false);
  }

  /** L (do not modify). */
  public RealMatrix matrix() {
    return matrix;
  }

  public int size() {
    return eigenvalues.length;
  }

  /** The eigenvalues in ascending order, lambda_1 = 0 first (a copy). */
  public double[] eigenvalues() {
    return eigenvalues.clone();
  }

  /** The unit eigenvector of the k-th smallest eigenvalue (k from 0). */
  public RealVector eigenvector(int k) {
    return eigenvectors[k];
  }

  /** lambda_2, the algebraic connectivity (0 for a single node). */
  public double lambda2() {
    return eigenvalues.length < 2 ? 0 : eigenvalues[1];
  }

  /** lambda_n, the largest eigenvalue. */
  public double lambdaN() {
    return eigenvalues[eigenvalues.length - 1];
  }
}
