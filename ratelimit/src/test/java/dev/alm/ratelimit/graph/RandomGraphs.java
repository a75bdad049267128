package dev.alm.ratelimit.graph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** Random connected graphs for property tests: a random tree plus random extra links. */
public final class RandomGraphs {

  private RandomGraphs() {}

  public static CommunicationGraph connected(int n, int extra, boolean weighted, long seed) {
    Random rnd = new Random(seed);
    List<Edge> e = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    for (int i = 1; i < n; i++) {
      int j = rnd.nextInt(i);
      seen.add((long) j * n + i);
      e.add(new Edge(j, i, weighted ? 0.1 + rnd.nextDouble() : 1.0));
    }
    for (int k = 0; k < extra && n > 2; k++) {
      int a = rnd.nextInt(n);
      int b = rnd.nextInt(n);
      if (a == b || !seen.add((long) Math.min(a, b) * n + Math.max(a, b))) {
        continue;
      }
      e.add(new Edge(a, b, weighted ? 0.1 + rnd.nextDouble() : 1.0));
    }
    return CommunicationGraph.of(n, e);
  }
}
