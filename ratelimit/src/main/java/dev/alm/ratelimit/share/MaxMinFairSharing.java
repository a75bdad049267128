package dev.alm.ratelimit.share;

import java.util.Arrays;

/**
 * Paper 003 section 7, Algorithm 2 ("throttling large number of requests"): the max-min fair
 * (water-filling) split. When the requests exceed the limit, clients are taken in ascending order
 * of requests; a client below the current level {@code l} (starting at {@code x_i / c_i}) is served
 * in full and its unused share is spread over the clients still to come; every remaining client
 * gets {@code l}, the dashed line of Fig. 7-b. Small clients are never throttled; only the largest
 * are, down to a common level.
 *
 * <p>Two readings of the paper's listing differ from its text and are corrected here, so that the
 * shares sum to the limit as the text says: line 13 adds the accumulated slack {@code s / (c_i -
 * j)} to {@code l} on every step although {@code s} already holds the earlier steps' slack (for
 * requests {1, 1, 10} and limit 6 the listing ends at {@code l = 5}, allowing 7 > 6; water-filling
 * gives {@code l = 4}); and line 17 gives every client {@code l}, where a client below the level
 * gets its requests ({@code x_i^(j) = min(r_i^(j), l)}).
 */
public final class MaxMinFairSharing implements NodeSharing {

  @Override
  public double[] throttled(double limit, double total, double[] requests) {
    double[] x = new double[requests.length];
    double l = level(limit, requests);
    for (int j = 0; j < x.length; j++) {
      x[j] = Math.min(requests[j], l);
    }
    return x;
  }

  /**
   * The water level {@code l} of Fig. 7-b: the largest {@code l} with {@code sum_j min(r_j, l) <=
   * limit}; infinite when all requests fit.
   */
  public static double level(double limit, double[] requests) {
    double total = NodeSharing.checkedTotal(limit, requests);
    if (total <= limit) {
      return Double.POSITIVE_INFINITY;
    }
    double[] sorted = requests.clone();
    Arrays.sort(sorted);
    int c = sorted.length;
    double remaining = limit;
    for (int j = 0; j < c; j++) {
      double l = remaining / (c - j);
      if (sorted[j] >= l) {
        return l;
      }
      remaining -= sorted[j];
    }
    throw new AssertionError("requests exceed the limit, so some client is capped");
  }
}
