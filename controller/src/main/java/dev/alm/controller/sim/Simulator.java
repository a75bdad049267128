package dev.alm.controller.sim;

import dev.alm.controller.cost.Objective;
import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;
import dev.alm.controller.dual.DualNode;
import dev.alm.controller.dual.DualSteps;
import dev.alm.controller.dual.PriceState;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.greedy.GreedyConfig;
import dev.alm.controller.greedy.GreedyController;
import dev.alm.controller.model.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs the controllers offline on a topology with exact measurements: each step every PoP sees the
 * load S = C^T diag(A) x its proxy would receive (eq. 21) and, for the dual, the exact coupling
 * beta = C mu (eq. 14). The PoPs act synchronously, one step per control interval, with the same
 * pure step functions a live PoP runs.
 */
public final class Simulator {

  private Simulator() {}

  /** The dual decomposition algorithm (Algorithm 1) from mu = 0. */
  public static SimulationResult dual(
      Topology t, StepSize step, StopRule stop, TrajectorySink sink) {
    int n = t.size();
    DualNode[] nodes = DualSteps.nodes(t, step);
    double[] a = t.demands();
    double[] mu = new double[n];
    PriceState[] price = new PriceState[n];
    Arrays.fill(price, PriceState.INITIAL);
    double[] x = new double[n];
    double[] sStar = new double[n];
    double[] s = null;
    double cost = Double.POSITIVE_INFINITY;
    double bound = Double.NEGATIVE_INFINITY;
    int convergedAt = -1;
    int k = 0;
    while (k < stop.maxSteps()) {
      double[] beta = t.correlation().coupling(mu);
      double dual = 0;
      for (int i = 0; i < n; i++) {
        DualNode.Decision d = nodes[i].decide(mu[i], a[i], beta[i]);
        x[i] = d.x();
        sStar[i] = d.sStar();
        ProxyCost g = nodes[i].proxyCost();
        OffloadCost h = nodes[i].offloadCost();
        dual += g.value(sStar[i]) - mu[i] * sStar[i] + h.value(x[i], a[i]) + a[i] * beta[i] * x[i];
      }
      s = t.load(x);
      sink.accept(k, x.clone(), s.clone(), mu.clone());
      cost = Objective.cost(t, x, s);
      bound = dual;
      k++;
      if (convergedAt < 0
          && Double.isFinite(cost)
          && (cost - dual) <= stop.tolerance() * Math.abs(cost)) {
        convergedAt = k - 1;
        if (stop.stopAtConvergence()) {
          break;
        }
      }
      if (k < stop.maxSteps()) {
        for (int i = 0; i < n; i++) {
          price[i] = nodes[i].nextPrice(price[i], s[i], sStar[i]);
          mu[i] = price[i].mu();
        }
      }
    }
    return new SimulationResult("dual", k, convergedAt, x, s, mu, cost, bound, overloaded(t, s));
  }

  /** The greedy law (Algorithm 2, eq. 24) from x0. */
  public static SimulationResult greedy(
      Topology t, GreedyConfig config, double x0, StopRule stop, TrajectorySink sink) {
    int n = t.size();
    GreedyController law = new GreedyController(config);
    double[] cap = t.capacities();
    double[] x = new double[n];
    Arrays.fill(x, x0);
    double[] s = null;
    int convergedAt = -1;
    int k = 0;
    while (k < stop.maxSteps()) {
      s = t.load(x);
      sink.accept(k, x.clone(), s.clone(), null);
      k++;
      boolean settled = true;
      double[] next = new double[n];
      for (int i = 0; i < n; i++) {
        next[i] = law.step(x[i], s[i], cap[i]);
        boolean pinnedLow = next[i] == 0 && s[i] > cap[i];
        boolean pinnedHigh = next[i] == 1 && s[i] < cap[i];
        settled &= pinnedLow || pinnedHigh || Math.abs(s[i] - cap[i]) <= stop.tolerance() * cap[i];
      }
      if (convergedAt < 0 && settled) {
        convergedAt = k - 1;
        if (stop.stopAtConvergence()) {
          x = next;
          s = t.load(x);
          break;
        }
      }
      if (k < stop.maxSteps()) {
        x = next;
      }
    }
    double cost = Objective.cost(t, x, s);
    return new SimulationResult(
        "greedy", k, convergedAt, x, s, null, cost, Double.NaN, overloaded(t, s));
  }

  /**
   * A greedy step dt that keeps the discretised law monotone on this topology: {@code min(1, 2 /
   * (gain max_i sum_j C_ji A_j))}, since |dS_i/dz_j| &le; C_ji A_j / 4 in log-odds z.
   */
  public static double stableGreedyDt(Topology t, double gain) {
    double[] ones = new double[t.size()];
    Arrays.fill(ones, 1);
    double max = 0;
    for (double v : t.load(ones)) {
      max = Math.max(max, v);
    }
    return max <= 0 ? 1 : Math.min(1, 2 / (gain * max));
  }

  /**
   * Relative margin above capacity that counts as overload. The greedy law settles at interior
   * fixed points with S_i = T_i up to rounding (its average load equals T_i, Theorem 4.2); those
   * are not overloads.
   */
  public static final double OVERLOAD_TOLERANCE = 1e-3;

  /** Ids of the proxies with S_i &gt; T_i (1 + {@link #OVERLOAD_TOLERANCE}). */
  public static List<String> overloaded(Topology t, double[] s) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < s.length; i++) {
      if (s[i] > t.node(i).capacity() * (1 + OVERLOAD_TOLERANCE)) {
        ids.add(t.node(i).id());
      }
    }
    return ids;
  }
}
