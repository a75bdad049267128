package dev.alm.controller.stability;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Topologies of paper 004 used by the stability tests. */
final class TestTopologies {

  private TestTopologies() {}

  /** Section III-B: C = [[0.1, 0.9], [0.5, 0.5]], A = (1, 1), T = (0.7, 0.7). */
  static Topology sectionIIIB() {
    return twoNode(
        new double[][] {{0.1, 0.9}, {0.5, 0.5}}, new double[] {1, 1}, new double[] {0.7, 0.7});
  }

  /** Nodes a, b with matrix {@code c}, demands {@code a}, capacities {@code t}. */
  static Topology twoNode(double[][] c, double[] a, double[] t) {
    return of(List.of("a", "b"), c, a, t);
  }

  static Topology of(List<String> ids, double[][] c, double[] a, double[] t) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      nodes.add(new Node(ids.get(i), t[i], a[i], 1, 10, 0.5));
    }
    return new Topology(nodes, CorrelationMatrix.of(ids, c));
  }

  /**
   * N nodes with a seeded random row-normalised C (uniform entries, C_ii weighted by {@code
   * selfWeight} before normalising), A and T uniform in [1, 5].
   */
  static Topology random(int n, long seed, double selfWeight) {
    Random r = new Random(seed);
    List<String> ids = new ArrayList<>();
    double[][] c = new double[n][n];
    double[] a = new double[n];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      ids.add("n" + i);
      double sum = 0;
      for (int j = 0; j < n; j++) {
        c[i][j] = r.nextDouble() * (i == j ? selfWeight : 1);
        sum += c[i][j];
      }
      for (int j = 0; j < n; j++) {
        c[i][j] /= sum;
      }
    }
    for (int i = 0; i < n; i++) {
      t[i] = 1 + 4 * r.nextDouble();
      a[i] = 1 + 4 * r.nextDouble();
    }
    return of(ids, c, a, t);
  }
}
