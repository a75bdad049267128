package dev.alm.ratelimit.graph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Builtin communication graphs, all with unit weights: the ring of paper 000 (Fig. 2), the complete
 * graph K_n and the star S_n of paper 003 (Fig. 2), seeded random d-regular graphs (paper 000,
 * section III-C), and the path.
 */
public final class Graphs {

  /** Attempts of the random pairing before giving up (each is cheap). */
  private static final int REGULAR_ATTEMPTS = 10_000;

  private Graphs() {}

  /** The cycle 0-1-...-(n-1)-0 (n >= 3), every degree 2. */
  public static CommunicationGraph ring(int n) {
    atLeast("ring", n, 3);
    List<Edge> e = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      e.add(Edge.of(i, (i + 1) % n));
    }
    return CommunicationGraph.of(n, e);
  }

  /** The path 0-1-...-(n-1). */
  public static CommunicationGraph path(int n) {
    atLeast("path", n, 1);
    List<Edge> e = new ArrayList<>();
    for (int i = 0; i + 1 < n; i++) {
      e.add(Edge.of(i, i + 1));
    }
    return CommunicationGraph.of(n, e);
  }

  /** The complete graph K_n. */
  public static CommunicationGraph complete(int n) {
    atLeast("complete", n, 1);
    List<Edge> e = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        e.add(Edge.of(i, j));
      }
    }
    return CommunicationGraph.of(n, e);
  }

  /** The star S_n: node 0 is the hub, linked to each of nodes 1..n-1. */
  public static CommunicationGraph star(int n) {
    atLeast("star", n, 2);
    List<Edge> e = new ArrayList<>();
    for (int i = 1; i < n; i++) {
      e.add(Edge.of(0, i));
    }
    return CommunicationGraph.of(n, e);
  }

  /**
   * A connected random d-regular graph on n nodes drawn with {@code seed}. For d = 2 this is a ring
   * through a random permutation of the nodes (the only connected 2-regular graphs). For d >= 3 it
   * is the pairing model with the Steger-Wormald rule (pair two random free half-links unless that
   * makes a loop or a double link; restart when stuck), redrawn until connected: close to uniform
   * over d-regular graphs for the small d used here. Needs 1 <= d < n and n*d even.
   */
  public static CommunicationGraph regular(int n, int d, long seed) {
    if (d < 1 || d >= n) {
      throw new IllegalArgumentException("regular graph needs 1 <= d < n, got n=" + n + " d=" + d);
    }
    if ((n * (long) d) % 2 != 0) {
      throw new IllegalArgumentException("regular graph needs n*d even, got n=" + n + " d=" + d);
    }
    if (d == 1 && n > 2) {
      throw new IllegalArgumentException("a 1-regular graph on more than 2 nodes is disconnected");
    }
    Random rnd = new Random(seed);
    if (d == 2) {
      int[] perm = permutation(n, rnd);
      List<Edge> e = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        e.add(Edge.of(perm[i], perm[(i + 1) % n]));
      }
      return CommunicationGraph.of(n, e);
    }
    for (int attempt = 0; attempt < REGULAR_ATTEMPTS; attempt++) {
      List<Edge> e = pairing(n, d, rnd);
      if (e == null) {
        continue;
      }
      try {
        return CommunicationGraph.of(n, e);
      } catch (IllegalArgumentException disconnected) {
        // draw again
      }
    }
    throw new IllegalArgumentException(
        "no connected " + d + "-regular graph on " + n + " nodes found with seed " + seed);
  }

  /** One run of the pairing with the Steger-Wormald rule, or null when it got stuck. */
  private static List<Edge> pairing(int n, int d, Random rnd) {
    int[] points = new int[n * d];
    for (int i = 0; i < points.length; i++) {
      points[i] = i / d;
    }
    int free = points.length;
    Set<Long> links = new HashSet<>();
    List<Edge> e = new ArrayList<>();
    while (free > 0) {
      boolean paired = false;
      for (int tries = 0; tries < 50 * d && !paired; tries++) {
        int x = rnd.nextInt(free);
        int y = rnd.nextInt(free);
        int u = points[x];
        int v = points[y];
        if (x == y || u == v || links.contains(key(u, v, n))) {
          continue;
        }
        links.add(key(u, v, n));
        e.add(Edge.of(u, v));
        // remove x and y from the free points (swap with the tail)
        int hi = Math.max(x, y);
        int lo = Math.min(x, y);
        points[hi] = points[--free];
        points[lo] = points[--free];
        paired = true;
      }
      if (!paired) {
        return null;
      }
    }
    return e;
  }

  private static long key(int u, int v, int n) {
    return (long) Math.min(u, v) * n + Math.max(u, v);
  }

  private static int[] permutation(int n, Random rnd) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  private static void atLeast(String what, int n, int min) {
    if (n < min) {
      throw new IllegalArgumentException(what + " needs n >= " + min + ", got " + n);
    }
  }
}
