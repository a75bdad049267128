package dev.alm.proxy;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * The curvature of the dual function along this proxy's price, H_ii = sum_j C_ji^2 kappa_j,
 * measured from the probes the proxy counts (docs/controllers/live-loop.md, "Measured curvature").
 * Every verified probe of version 3 carries its issuer j's weight w_j = kappa_j / h_j and hand-out
 * rate h_j. In a window of dt seconds the proxy counts c_j ~ Poisson(C_ji h_j dt) of PoP j's
 * probes, so c_j (c_j - 1) w_j / h_j has the expectation C_ji^2 h_j^2 dt^2 kappa_j / h_j^2 = C_ji^2
 * kappa_j dt^2 (c (c - 1) is the unbiased estimate of the square of a Poisson mean): summed over
 * the origins, H_ii dt^2. Counts are kept per origin since the last {@link #drain}.
 *
 * <p>Lock-free on the request path. Origins come from MAC-verified names only, and at most {@code
 * maxOrigins} are kept per window; probes of further origins are counted in {@link #overflow()} and
 * add nothing.
 */
final class CurvatureCounter {

  /** One origin's probes in the window: their count and the sum of w_j / h_j. */
  private static final class Origin {
    final LongAdder count = new LongAdder();
    final DoubleAdder perRate = new DoubleAdder();
  }

  private final int maxOrigins;
  private final ConcurrentHashMap<String, Origin> origins = new ConcurrentHashMap<>();
  private final LongAdder overflow = new LongAdder();

  /**
   * @param maxOrigins the most issuing PoPs counted apart in one window
   */
  CurvatureCounter(int maxOrigins) {
    this.maxOrigins = maxOrigins;
  }

  /**
   * Counts one verified probe of {@code origin} that carried {@code weight} and {@code rate}; one
   * without a rate (NaN, version 2) or with a rate or weight of 0 adds nothing.
   */
  void record(String origin, float weight, float rate) {
    if (!(rate > 0) || !(weight > 0) || !Float.isFinite(rate) || !Float.isFinite(weight)) {
      return;
    }
    Origin o = origins.get(origin);
    if (o == null) {
      if (origins.size() >= maxOrigins) {
        overflow.increment();
        return;
      }
      o = origins.computeIfAbsent(origin, k -> new Origin());
    }
    o.count.increment();
    o.perRate.add((double) weight / rate);
  }

  /**
   * H_ii dt^2 of the window since the last call, dt its length: sum over the origins of (c_j - 1)
   * times the sum of their probes' w_j / h_j; starts a new window.
   */
  double drain() {
    double sum = 0;
    for (var e : origins.entrySet()) {
      Origin o = e.getValue();
      long c = o.count.sumThenReset();
      double perRate = o.perRate.sumThenReset();
      if (c > 1) {
        sum += (c - 1) * perRate;
      }
      if (c == 0) {
        origins.remove(e.getKey(), o);
      }
    }
    return sum;
  }

  /** Probes not counted because {@code maxOrigins} origins were already counted in a window. */
  long overflow() {
    return overflow.sum();
  }
}
