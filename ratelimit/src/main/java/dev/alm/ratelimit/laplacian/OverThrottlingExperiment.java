package dev.alm.ratelimit.laplacian;

import dev.alm.ratelimit.graph.CommunicationGraph;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Paper 003's Example 2 (Fig. 5, Table 4): clients spread evenly over the servers of a coupling
 * graph send a random usage curve; each cycle every server throttles to its limit x_i, accepting
 * a_i = min(x_i, r_i), and the throttler (eq. 3) moves limit between neighbours. Over-throttling %
 * = sum_k (a_ideal(k) - a_total(k)) / sum_k a_ideal(k) x 100 with a_ideal = min(l_total, r_total)
 * (eq. 8).
 *
 * <p>The paper does not give its usage curve; here client j's requests per cycle follow a
 * mean-reverting walk around its own base rate b_j (uniform in [0.5, 1.5]): r_j(k+1) = max(0, b_j +
 * rho (r_j(k) - b_j) + N(0, (stepSd b_j)^2)), so the total stays near the limit while load moves
 * between servers, and the clients are dealt to the servers in a random order, the same number
 * each. l_total is {@code limitOverDemand} times the initial total demand, split equally (x_i(0) =
 * l_total/n). Pure and seeded: the same seed gives both graphs the same clients and curve.
 */
public final class OverThrottlingExperiment {

  /** The set-up; {@link #paper} is Example 2's. */
  public record Config(
      CommunicationGraph graph,
      double gamma,
      NodalMeasure measure,
      int clients,
      int cycles,
      double stepSd,
      double persistence,
      double limitOverDemand,
      long seed) {

    public Config {
      if (!(gamma > 0)) {
        throw new IllegalArgumentException("gamma must be > 0, got " + gamma);
      }
      if (clients < graph.size() || clients % graph.size() != 0) {
        throw new IllegalArgumentException(
            "clients must be a positive multiple of the number of servers, got " + clients);
      }
      if (cycles < 1 || !(stepSd >= 0) || !(limitOverDemand > 0)) {
        throw new IllegalArgumentException("cycles >= 1, stepSd >= 0, limitOverDemand > 0");
      }
      if (!(persistence >= 0 && persistence <= 1)) {
        throw new IllegalArgumentException("persistence in [0, 1], got " + persistence);
      }
    }

    /**
     * gamma = 0.02, 1,000 clients, 1,000 cycles, throttled amount (Case I); walk step 5% of the
     * base rate, persistence 0.99 (about 100 cycles), limit = the initial total demand.
     */
    public static Config paper(CommunicationGraph g, long seed) {
      return new Config(g, 0.02, NodalMeasure.THROTTLED_AMOUNT, 1000, 1000, 0.05, 0.99, 1.0, seed);
    }
  }

  /**
   * The outcome.
   *
   * @param overThrottlingPercent the paper's over-throttling %
   * @param requested r_total(k)
   * @param accepted a_total(k)
   * @param limit l_total
   */
  public record Result(
      double overThrottlingPercent, double[] requested, double[] accepted, double limit) {}

  private OverThrottlingExperiment() {}

  /** Runs it. */
  public static Result run(Config cfg) {
    int n = cfg.graph().size();
    SplittableRandom rnd = new SplittableRandom(cfg.seed());
    int c = cfg.clients();
    double[] rate = new double[c];
    double[] base = new double[c];
    double[] sd = new double[c];
    for (int j = 0; j < c; j++) {
      base[j] = 0.5 + rnd.nextDouble();
      rate[j] = base[j];
      sd[j] = cfg.stepSd() * base[j];
    }
    int[] server = new int[c];
    for (int j = 0; j < c; j++) {
      server[j] = j % n;
    }
    for (int j = c - 1; j > 0; j--) {
      int k = rnd.nextInt(j + 1);
      int t = server[j];
      server[j] = server[k];
      server[k] = t;
    }
    double total0 = 0;
    for (double v : rate) {
      total0 += v;
    }
    double limit = cfg.limitOverDemand() * total0;
    double[] x = new double[n];
    Arrays.fill(x, limit / n);
    double[] requested = new double[cfg.cycles()];
    double[] accepted = new double[cfg.cycles()];
    double ideal = 0;
    double lost = 0;
    double[] r = new double[n];
    for (int k = 0; k < cfg.cycles(); k++) {
      Arrays.fill(r, 0);
      for (int j = 0; j < c; j++) {
        r[server[j]] += rate[j];
      }
      double rt = 0;
      for (double v : r) {
        rt += v;
      }
      double a = LaplacianThrottler.accepted(x, r);
      double ai = Math.min(limit, rt);
      requested[k] = rt;
      accepted[k] = a;
      ideal += ai;
      lost += ai - a;
      x = LaplacianThrottler.step(cfg.graph(), cfg.gamma(), cfg.measure(), x, r);
      for (int j = 0; j < c; j++) {
        double next = base[j] + cfg.persistence() * (rate[j] - base[j]) + sd[j] * gaussian(rnd);
        rate[j] = Math.max(0, next);
      }
    }
    return new Result(100.0 * lost / ideal, requested, accepted, limit);
  }

  private static double gaussian(SplittableRandom rnd) {
    double u = 1.0 - rnd.nextDouble();
    double v = rnd.nextDouble();
    return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
