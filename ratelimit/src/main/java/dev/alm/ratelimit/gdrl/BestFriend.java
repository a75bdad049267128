package dev.alm.ratelimit.gdrl;

import dev.alm.ratelimit.graph.CommunicationGraph;

/**
 * Best-friend failover (paper 000, section IV, "Node failures"): each limiter i picks a neighbour
 * b_i and keeps it informed of C_i; when i fails, b_i sets C_{b_i} <- C_{b_i} + C_i, so the sum of
 * capacities stays C and GDRL re-balances the survivors. Here b_i is the neighbour with the most
 * links (ties: the lowest number), so that the capacity lands where it spreads fastest.
 */
public final class BestFriend {

  private BestFriend() {}

  /** b_i for every limiter. */
  public static int[] choose(CommunicationGraph g) {
    int[] b = new int[g.size()];
    for (int i = 0; i < g.size(); i++) {
      int best = -1;
      for (int j : g.neighbours(i)) {
        if (best < 0
            || g.degree(j) > g.degree(best)
            || (g.degree(j) == g.degree(best) && j < best)) {
          best = j;
        }
      }
      b[i] = best;
    }
    return b;
  }

  /**
   * The state after limiter {@code failed} stops: its capacity goes to its best friend, it leaves
   * the graph, and limiters above it are renumbered down by one.
   *
   * @param bestFriend b_i from {@link #choose}
   * @param c capacities just before the failure
   */
  public static Failover fail(CommunicationGraph g, int[] bestFriend, double[] c, int failed) {
    int heir = bestFriend[failed];
    if (heir < 0) {
      throw new IllegalArgumentException("limiter " + failed + " has no neighbour to inherit");
    }
    double[] left = new double[c.length - 1];
    for (int i = 0, k = 0; i < c.length; i++) {
      if (i != failed) {
        left[k++] = c[i] + (i == heir ? c[failed] : 0.0);
      }
    }
    CommunicationGraph.Removal r = g.without(failed);
    int newHeir = heir > failed ? heir - 1 : heir;
    return new Failover(r.graph(), left, newHeir, r.connected());
  }

  /**
   * The survivors after a failure.
   *
   * @param graph the graph without the failed limiter (renumbered)
   * @param capacities the survivors' capacities, summing to C
   * @param heir the best friend's new number
   * @param connected false if the failure split the graph: GDRL then balances each part alone
   */
  public record Failover(
      CommunicationGraph graph, double[] capacities, int heir, boolean connected) {}
}
