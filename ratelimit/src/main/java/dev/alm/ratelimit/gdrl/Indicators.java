package dev.alm.ratelimit.gdrl;

import java.util.List;

/** The performance indicators GDRL ships with (paper 000, sections I-A and III-A). */
public final class Indicators {

  private Indicators() {}

  /**
   * "Spare bandwidth" q_i = lambda_i - C_i (eq. 14, as the paper defines it: the demand left over
   * the capacity, so that q decreases in C). g_i(q) = lambda_i - q, so -g_i' = 1 and the gain bound
   * (9) becomes (15): eta <= 1/(2 d).
   */
  public static final PerformanceIndicator SPARE_BANDWIDTH =
      new PerformanceIndicator() {
        @Override
        public double q(double lambda, double c) {
          return lambda - c;
        }

        @Override
        public double capacityPerUnit(double lambda, double c) {
          return 1.0;
        }

        @Override
        public String name() {
          return "spare-bandwidth";
        }
      };

  /**
   * Throttled ratio q_i = (lambda_i - C_i) / lambda_i, the fraction of demand the limit would turn
   * away (also paper 003's Case II). g_i(q) = lambda_i (1 - q), so -g_i' = lambda_i: a limiter with
   * little demand needs only a little capacity to move its ratio, and the bound (9) shrinks with
   * the smallest demand. Demands below {@link #MIN_DEMAND} count as that floor.
   */
  public static final PerformanceIndicator THROTTLED_RATIO =
      new PerformanceIndicator() {
        @Override
        public double q(double lambda, double c) {
          double l = Math.max(lambda, MIN_DEMAND);
          return (l - c) / l;
        }

        @Override
        public double capacityPerUnit(double lambda, double c) {
          return Math.max(lambda, MIN_DEMAND);
        }

        @Override
        public String name() {
          return "throttled-ratio";
        }
      };

  /**
   * Mean response time of an M/M/1 queue, q_i = 1/(C_i - lambda_i) (paper 000, section III-A),
   * decreasing and convex for C_i > lambda_i. -g_i'(q) = 1/q^2 = (C_i - lambda_i)^2. For C_i <=
   * lambda_i the queue is unstable: q is capped at {@link #MAX_RESPONSE_TIME}.
   */
  public static final PerformanceIndicator MEAN_RESPONSE_TIME =
      new PerformanceIndicator() {
        @Override
        public double q(double lambda, double c) {
          double spare = c - lambda;
          return spare <= 1.0 / MAX_RESPONSE_TIME ? MAX_RESPONSE_TIME : 1.0 / spare;
        }

        @Override
        public double capacityPerUnit(double lambda, double c) {
          double spare = Math.max(c - lambda, 1.0 / MAX_RESPONSE_TIME);
          return spare * spare;
        }

        @Override
        public String name() {
          return "mean-response-time";
        }
      };

  /** Demand floor of {@link #THROTTLED_RATIO}, so that q stays finite at zero demand. */
  public static final double MIN_DEMAND = 1e-9;

  /** Cap of {@link #MEAN_RESPONSE_TIME} when the capacity does not exceed the demand. */
  public static final double MAX_RESPONSE_TIME = 1e6;

  /** All of them. */
  public static List<PerformanceIndicator> all() {
    return List.of(SPARE_BANDWIDTH, THROTTLED_RATIO, MEAN_RESPONSE_TIME);
  }

  /** By name, or null. */
  public static PerformanceIndicator byName(String name) {
    for (PerformanceIndicator p : all()) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }
}
