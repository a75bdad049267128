package dev.alm.ratelimit.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The communication graph of a scenario as weighted adjacency lists (paper 000's G, paper 003's
 * weighted graph). Gossip algorithms ignore it and pick random peers.
 *
 * @param kind "complete", "ring" or "edges", as the scenario named it
 * @param neighbours the neighbours of each limiter
 * @param weights the link weight per neighbour
 */
public record ScenarioGraph(String kind, int[][] neighbours, double[][] weights) {

  /** The complete graph K_N, unit weights (adjacency lists are built lazily for large N). */
  public static ScenarioGraph complete(int n) {
    if (n > 2000) {
      return new ScenarioGraph("complete", null, null);
    }
    List<int[]> edges = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        edges.add(new int[] {i, j});
      }
    }
    return fromEdges("complete", n, edges, null);
  }

  /** The ring C_N, unit weights. */
  public static ScenarioGraph ring(int n) {
    List<int[]> edges = new ArrayList<>();
    for (int i = 0; i < n && n > 1; i++) {
      if (n == 2 && i == 1) {
        break;
      }
      edges.add(new int[] {i, (i + 1) % n});
    }
    return fromEdges("ring", n, edges, null);
  }

  /** A graph from undirected edges with optional weights (1 when null). */
  public static ScenarioGraph fromEdges(String kind, int n, List<int[]> edges, double[] w) {
    List<List<Integer>> nb = new ArrayList<>();
    List<List<Double>> wt = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      nb.add(new ArrayList<>());
      wt.add(new ArrayList<>());
    }
    for (int e = 0; e < edges.size(); e++) {
      int a = edges.get(e)[0];
      int b = edges.get(e)[1];
      double x = w == null ? 1.0 : w[e];
      nb.get(a).add(b);
      wt.get(a).add(x);
      nb.get(b).add(a);
      wt.get(b).add(x);
    }
    int[][] neighbours = new int[n][];
    double[][] weights = new double[n][];
    for (int i = 0; i < n; i++) {
      neighbours[i] = nb.get(i).stream().mapToInt(Integer::intValue).toArray();
      weights[i] = wt.get(i).stream().mapToDouble(Double::doubleValue).toArray();
    }
    return new ScenarioGraph(kind, neighbours, weights);
  }

  /** Neighbours of limiter i (empty for a large complete graph left implicit). */
  public int[] neighboursOf(int i) {
    return neighbours == null ? new int[0] : neighbours[i];
  }

  /** Weights of limiter i's links. */
  public double[] weightsOf(int i) {
    return weights == null ? new double[0] : weights[i];
  }
}
