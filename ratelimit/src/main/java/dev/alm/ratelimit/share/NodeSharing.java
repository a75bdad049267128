package dev.alm.ratelimit.share;

/**
 * Splits a node's limit {@code x_i(k)} among its {@code c_i} clients given their requests {@code
 * r_i^(j)(k)} in one update cycle (paper 003 section 7, Fig. 6): returns each client's allowed
 * {@code x_i^(j)(k)}. Every implementation keeps each share in {@code [0, r_i^(j)]} and their sum
 * at {@code min(x_i, r_i)}: nothing above the limit, nothing withheld while the node has room.
 */
public interface NodeSharing {

  /**
   * The clients' allowed amounts.
   *
   * @param limit the node's limit {@code x_i(k)}, finite and {@code >= 0}
   * @param requests each client's requests {@code r_i^(j)(k)}, finite and {@code >= 0}
   * @return a new array, one allowed amount per client in the order of {@code requests}
   */
  default double[] share(double limit, double[] requests) {
    double total = checkedTotal(limit, requests);
    return total <= limit ? requests.clone() : throttled(limit, total, requests);
  }

  /**
   * The clients' allowed amounts when their requests exceed the limit.
   *
   * @param limit the node's limit, checked
   * @param total the sum of the requests, {@code > limit}
   * @param requests each client's requests, checked
   * @return a new array, one allowed amount per client in the order of {@code requests}
   */
  double[] throttled(double limit, double total, double[] requests);

  /** Throws on a negative or non-finite limit or request; returns the sum of the requests. */
  static double checkedTotal(double limit, double[] requests) {
    if (!(limit >= 0) || Double.isInfinite(limit)) {
      throw new IllegalArgumentException("limit must be finite and >= 0, got " + limit);
    }
    double total = 0;
    for (int j = 0; j < requests.length; j++) {
      double r = requests[j];
      if (!(r >= 0) || Double.isInfinite(r)) {
        throw new IllegalArgumentException("requests[" + j + "] must be finite and >= 0, got " + r);
      }
      total += r;
    }
    return total;
  }
}
