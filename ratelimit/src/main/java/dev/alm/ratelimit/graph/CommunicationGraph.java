package dev.alm.ratelimit.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A connected, weighted, undirected communication graph G = (V, E, w) between N limiters: the graph
 * over which GDRL exchanges performance indicators (paper 000, section II) and over which the
 * Laplacian throttler couples its servers (paper 003, eq. 3-4). Immutable; nodes are 0..n-1.
 * Neighbour lists are precomputed so a step over the graph costs O(|E|).
 */
public final class CommunicationGraph {

  private final int n;
  private final List<Edge> edges;
  private final int[][] neighbours;
  private final double[][] weights;

  private CommunicationGraph(int n, List<Edge> edges) {
    this.n = n;
    this.edges = List.copyOf(edges);
    int[] deg = new int[n];
    for (Edge e : edges) {
      deg[e.a()]++;
      deg[e.b()]++;
    }
    neighbours = new int[n][];
    weights = new double[n][];
    for (int i = 0; i < n; i++) {
      neighbours[i] = new int[deg[i]];
      weights[i] = new double[deg[i]];
    }
    int[] fill = new int[n];
    for (Edge e : edges) {
      neighbours[e.a()][fill[e.a()]] = e.b();
      weights[e.a()][fill[e.a()]++] = e.weight();
      neighbours[e.b()][fill[e.b()]] = e.a();
      weights[e.b()][fill[e.b()]++] = e.weight();
    }
  }

  /**
   * A graph on nodes 0..n-1 with the given links.
   *
   * @throws IllegalArgumentException if a node is out of range, a link repeats, or the graph is not
   *     connected (both papers assume a connected graph)
   */
  public static CommunicationGraph of(int n, List<Edge> edges) {
    if (n < 1) {
      throw new IllegalArgumentException("a graph needs at least one node, got " + n);
    }
    Set<Long> seen = new HashSet<>();
    for (Edge e : edges) {
      if (e.b() >= n) {
        throw new IllegalArgumentException(
            "link " + e.a() + "," + e.b() + " names a node outside 0.." + (n - 1));
      }
      if (!seen.add((long) e.a() * n + e.b())) {
        throw new IllegalArgumentException("link " + e.a() + "," + e.b() + " appears twice");
      }
    }
    CommunicationGraph g = new CommunicationGraph(n, edges);
    int unreached = g.firstUnreachedNode();
    if (unreached >= 0) {
      throw new IllegalArgumentException(
          "the graph is not connected: node " + unreached + " cannot be reached from node 0");
    }
    return g;
  }

  /** Number of nodes N. */
  public int size() {
    return n;
  }

  /** The links, each once. */
  public List<Edge> edges() {
    return edges;
  }

  /** The neighbours of node i (shared array: do not modify). */
  public int[] neighbours(int i) {
    return neighbours[i];
  }

  /** The weights w_ij of node i's links, in the order of {@link #neighbours(int)} (shared). */
  public double[] weights(int i) {
    return weights[i];
  }

  /** Degree d_i: the number of links at node i (paper 000, Theorem 1). */
  public int degree(int i) {
    return neighbours[i].length;
  }

  /** max_i d_i. */
  public int maxDegree() {
    int m = 0;
    for (int[] nb : neighbours) {
      m = Math.max(m, nb.length);
    }
    return m;
  }

  /** True if every link has weight 1. */
  public boolean unweighted() {
    return edges.stream().allMatch(e -> e.weight() == 1.0);
  }

  /** The same links with new weights, in the order of {@link #edges()}. */
  public CommunicationGraph withWeights(double[] w) {
    if (w.length != edges.size()) {
      throw new IllegalArgumentException("expected " + edges.size() + " weights, got " + w.length);
    }
    List<Edge> out = new ArrayList<>(edges.size());
    for (int k = 0; k < w.length; k++) {
      Edge e = edges.get(k);
      out.add(new Edge(e.a(), e.b(), w[k]));
    }
    return new CommunicationGraph(n, out);
  }

  /** The same links all with weight {@code w}. */
  public CommunicationGraph withUniformWeight(double w) {
    double[] ws = new double[edges.size()];
    Arrays.fill(ws, w);
    return withWeights(ws);
  }

  /**
   * The graph without node {@code removed}: nodes above it shift down by one. May be disconnected,
   * so it is returned as {@link Removal} with the connectivity stated rather than checked.
   */
  public Removal without(int removed) {
    if (removed < 0 || removed >= n) {
      throw new IllegalArgumentException("no node " + removed + " in a graph of " + n);
    }
    List<Edge> out = new ArrayList<>();
    for (Edge e : edges) {
      if (e.a() != removed && e.b() != removed) {
        out.add(
            new Edge(
                e.a() > removed ? e.a() - 1 : e.a(),
                e.b() > removed ? e.b() - 1 : e.b(),
                e.weight()));
      }
    }
    CommunicationGraph g = new CommunicationGraph(n - 1, out);
    return new Removal(g, n == 1 || g.firstUnreachedNode() < 0);
  }

  /** The graph left after removing a node, and whether it is still connected. */
  public record Removal(CommunicationGraph graph, boolean connected) {}

  /** The first node not reachable from node 0, or -1 if the graph is connected. */
  private int firstUnreachedNode() {
    boolean[] seen = new boolean[n];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    if (n == 0) {
      return -1;
    }
    seen[0] = true;
    queue.add(0);
    while (!queue.isEmpty()) {
      int i = queue.poll();
      for (int j : neighbours[i]) {
        if (!seen[j]) {
          seen[j] = true;
          queue.add(j);
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (!seen[i]) {
        return i;
      }
    }
    return -1;
  }

  /** The links as an unmodifiable sorted list of "a-b" strings, for messages. */
  @Override
  public String toString() {
    List<String> s = new ArrayList<>();
    for (Edge e : edges) {
      s.add(e.a() + "-" + e.b() + (e.weight() == 1.0 ? "" : "(" + e.weight() + ")"));
    }
    return "graph(n=" + n + ", " + Collections.unmodifiableList(s) + ")";
  }
}
