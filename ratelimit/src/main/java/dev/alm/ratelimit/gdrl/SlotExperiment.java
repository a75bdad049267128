package dev.alm.ratelimit.gdrl;

import dev.alm.ratelimit.graph.CommunicationGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Paper 000's evaluation model (section III-A): N limiters in discrete slots; at most one arrival
 * per slot at limiter i, with probability lambda_i(t); each limiter estimates its demand with the
 * low-pass filter lambda^_i(t+1) = (1 - alpha) lambda^_i(t) + alpha delta(t) (estimates start at
 * the true lambda_i(0), as if measured before GDRL starts, while capacities start at C/N); the
 * indicator is spare bandwidth (14) on the estimate; every {@code updateEvery} slots GDRL (7)
 * updates the capacities. Records JFI(q(t)) (16) and the capacity sum. Pure and seeded.
 */
public final class SlotExperiment {

  /** The set-up. */
  public record Config(
      CommunicationGraph graph,
      Demand demand,
      double capacityOverDemand,
      double alpha,
      double eta,
      long slots,
      int updateEvery,
      int sampleEvery,
      long seed) {

    public Config {
      if (!(alpha > 0 && alpha <= 1)) {
        throw new IllegalArgumentException("alpha must be in (0, 1], got " + alpha);
      }
      if (!(eta > 0)) {
        throw new IllegalArgumentException("eta must be > 0, got " + eta);
      }
      if (slots < 1 || updateEvery < 1 || sampleEvery < 1) {
        throw new IllegalArgumentException("slots, updateEvery and sampleEvery must be >= 1");
      }
      if (!(capacityOverDemand > 0)) {
        throw new IllegalArgumentException("capacityOverDemand must be > 0");
      }
    }

    /** Section III-A: C = 1.1 Lambda, alpha = 1e-3, updates every slot, JFI every 10 slots. */
    public static Config paper(CommunicationGraph g, Demand d, double eta, long slots, long seed) {
      return new Config(g, d, 1.1, 1e-3, eta, slots, 1, 10, seed);
    }

    /** The same with another filter parameter alpha. */
    public Config withAlpha(double a) {
      return new Config(
          graph, demand, capacityOverDemand, a, eta, slots, updateEvery, sampleEvery, seed);
    }
  }

  /**
   * What a run shows.
   *
   * @param total the global capacity C
   * @param times slots at which JFI was sampled
   * @param jfi JFI(q) at those slots, q on the limiters' estimates
   * @param jfiTrue JFI of the true indicators lambda_i(t) - C_i(t) at those slots
   * @param maxSumError max over all slots of |sum C_i - C| / C (Lemma 1 says 0; rounding only)
   * @param finalQ q at the end
   * @param finalC capacities at the end
   * @param diverged true if some |q_i| exceeded 1e6 (the run was stopped there)
   */
  public record Result(
      double total,
      long[] times,
      double[] jfi,
      double[] jfiTrue,
      double maxSumError,
      double[] finalQ,
      double[] finalC,
      boolean diverged) {

    /**
     * The first sampled slot in [from, to) from which JFI stays >= threshold until {@code to}, or
     * -1 if it never settles.
     */
    public long settleTime(double threshold, long from, long to) {
      return settle(jfi, threshold, from, to);
    }

    /** {@link #settleTime} for the true indicators. */
    public long settleTimeTrue(double threshold, long from, long to) {
      return settle(jfiTrue, threshold, from, to);
    }

    private long settle(double[] jfi, double threshold, long from, long to) {
      long settled = -1;
      for (int k = 0; k < times.length; k++) {
        if (times[k] < from || times[k] >= to) {
          continue;
        }
        if (jfi[k] >= threshold) {
          if (settled < 0) {
            settled = times[k];
          }
        } else {
          settled = -1;
        }
      }
      return settled;
    }

    /** The smallest JFI sampled in [from, to). */
    public double minJfi(long from, long to) {
      return min(jfi, from, to);
    }

    /** The mean of the true-indicator JFI sampled in [from, to). */
    public double meanJfiTrue(long from, long to) {
      double s = 0;
      int c = 0;
      for (int k = 0; k < times.length; k++) {
        if (times[k] >= from && times[k] < to) {
          s += jfiTrue[k];
          c++;
        }
      }
      return c == 0 ? Double.NaN : s / c;
    }

    /** The smallest true-indicator JFI sampled in [from, to). */
    public double minJfiTrue(long from, long to) {
      return min(jfiTrue, from, to);
    }

    private double min(double[] jfi, long from, long to) {
      double m = Double.POSITIVE_INFINITY;
      for (int k = 0; k < times.length; k++) {
        if (times[k] >= from && times[k] < to) {
          m = Math.min(m, jfi[k]);
        }
      }
      return m;
    }
  }

  private SlotExperiment() {}

  /** Runs the model. */
  public static Result run(Config cfg) {
    CommunicationGraph g = cfg.graph();
    int n = g.size();
    double lambdaTotal = 0;
    for (int i = 0; i < n; i++) {
      lambdaTotal += cfg.demand().rate(i, n, 0);
    }
    double total = cfg.capacityOverDemand() * lambdaTotal;
    double[] c = Gdrl.initial(n, total);
    double[] est = new double[n];
    for (int i = 0; i < n; i++) {
      est[i] = cfg.demand().rate(i, n, 0);
    }
    double[] q = new double[n];
    double[] lambda = new double[n];
    SplittableRandom rnd = new SplittableRandom(cfg.seed());
    List<Long> times = new ArrayList<>();
    List<Double> jfis = new ArrayList<>();
    List<Double> jfisTrue = new ArrayList<>();
    double[] qTrue = new double[n];
    double maxErr = 0;
    boolean diverged = false;
    double a = cfg.alpha();
    int m = g.edges().size();
    int[] ea = new int[m];
    int[] eb = new int[m];
    for (int k = 0; k < m; k++) {
      ea[k] = g.edges().get(k).a();
      eb[k] = g.edges().get(k).b();
    }
    for (long t = 0; t < cfg.slots(); t++) {
      for (int i = 0; i < n; i++) {
        lambda[i] = cfg.demand().rate(i, n, t);
        double arrival = rnd.nextDouble() < lambda[i] ? 1.0 : 0.0;
        est[i] = (1 - a) * est[i] + a * arrival;
        q[i] = Indicators.SPARE_BANDWIDTH.q(est[i], c[i]);
      }
      if (t % cfg.sampleEvery() == 0) {
        times.add(t);
        jfis.add(Gdrl.jain(q));
        for (int i = 0; i < n; i++) {
          qTrue[i] = Indicators.SPARE_BANDWIDTH.q(lambda[i], c[i]);
        }
        jfisTrue.add(Gdrl.jain(qTrue));
      }
      if (t % cfg.updateEvery() == 0) {
        step(ea, eb, c, q, cfg.eta());
        double s = 0;
        double worst = 0;
        for (double ci : c) {
          s += ci;
          worst = Math.max(worst, Math.abs(ci));
        }
        maxErr = Math.max(maxErr, Math.abs(s - total) / total);
        if (worst > 1e6 || Double.isNaN(s)) {
          diverged = true;
          break;
        }
      }
    }
    long[] ts = times.stream().mapToLong(Long::longValue).toArray();
    double[] js = jfis.stream().mapToDouble(Double::doubleValue).toArray();
    double[] jt = jfisTrue.stream().mapToDouble(Double::doubleValue).toArray();
    return new Result(total, ts, js, jt, maxErr, q.clone(), c.clone(), diverged);
  }

  /** In-place form of {@link Gdrl#step} for long runs (same arithmetic, no allocation). */
  private static void step(int[] ea, int[] eb, double[] c, double[] q, double eta) {
    for (int k = 0; k < ea.length; k++) {
      double move = eta * (q[ea[k]] - q[eb[k]]);
      c[ea[k]] += move;
      c[eb[k]] -= move;
    }
  }
}
