package dev.alm.ratelimit.share;

/**
 * Paper 003 section 7, Algorithm 1 ("keeping throttled ratios uniform"): when the requests {@code
 * r_i = sum_j r_i^(j)} fit the limit every client gets its requests, otherwise {@code x_i^(j) =
 * (x_i / r_i) r_i^(j)}, so every client loses the same fraction {@code 1 - x_i / r_i} (Fig. 7-a).
 *
 * <p>The paper's test in line 2 reads {@code r_i(k) <= l_i(k)}; {@code l_i} is not defined there
 * and the else branch scales by {@code x_i(k)}, so the limit {@code x_i(k)} is used in both places.
 */
public final class EqualRatioSharing implements NodeSharing {

  @Override
  public double[] throttled(double limit, double total, double[] requests) {
    double[] x = new double[requests.length];
    double ratio = limit / total;
    for (int j = 0; j < x.length; j++) {
      x[j] = Math.min(requests[j], ratio * requests[j]);
    }
    return x;
  }
}
