package dev.alm.ratelimit.graph;

/**
 * One undirected link {a, b} of a communication graph with its weight w_ab (paper 003, eq. 3; an
 * unweighted graph of paper 000 has every weight 1). Nodes are numbered from 0; {@code a < b}.
 */
public record Edge(int a, int b, double weight) {

  public Edge {
    if (a < 0 || b < 0) {
      throw new IllegalArgumentException("node numbers start at 0, got " + a + "," + b);
    }
    if (a == b) {
      throw new IllegalArgumentException("a link joins two different nodes, got " + a + "," + b);
    }
    if (!(weight >= 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException("link weight must be finite and >= 0, got " + weight);
    }
    if (a > b) {
      int t = a;
      a = b;
      b = t;
    }
  }

  /** An edge of weight 1. */
  public static Edge of(int a, int b) {
    return new Edge(a, b, 1.0);
  }
}
