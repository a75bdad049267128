package dev.alm.controller.dual;

import dev.alm.controller.cost.ProxyCost;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;

/**
 * Builds each node's {@link DualNode.StepRule} from a {@link StepSize} and the node's local
 * knowledge.
 */
public final class DualSteps {

  private DualSteps() {}

  /**
   * The floor of sigma_i in the scaled step, as a share of the largest kappa_j: the step of a PoP
   * whose column of C is (nearly) empty is at most ten times that of a PoP that all of one PoP's
   * users reach.
   */
  public static final double SIGMA_FLOOR = 0.1;

  /** The dual algorithm of every node of a topology with the given step. */
  public static DualNode[] nodes(Topology t, StepSize step) {
    int n = t.size();
    DualNode[] nodes = new DualNode[n];
    double constant = Double.NaN;
    if (step instanceof StepSize.Constant c) {
      constant = c.alpha();
    } else if (step instanceof StepSize.Theorem33 th) {
      constant = th.alpha(sum(t.demands()), n, max(t.capacities()));
    }
    double fixed = constant;
    double floor = sigmaFloor(t);
    for (int i = 0; i < n; i++) {
      DualNode.StepRule rule;
      if (step instanceof StepSize.Scaled s) {
        // a column of C that (nearly) nobody reaches must not make the step explode: floor
        // sigma_i at a tenth of the largest sensitivity, as if a tenth of one PoP's users came
        double divisor =
            s.curvature() == StepSize.Curvature.DIAGONAL ? curvature(t, i) : sigma(t, i);
        rule = scaled(s.theta(), t.proxyCost(i), Math.max(divisor, floor));
      } else {
        rule = mu -> fixed;
      }
      boolean adaptive = step instanceof StepSize.Scaled s && s.adaptive();
      nodes[i] = new DualNode(t.proxyCost(i), t.offloadCost(i), rule, adaptive);
    }
    return nodes;
  }

  /**
   * The scaled step of {@link StepSize.Scaled}: {@code theta / (sigma + dS*(mu)/dmu)}. When the
   * denominator is 0 (nobody's users reach proxy i: column i of C is empty, as for an anycast PoP
   * with no HTTP catchment, and S* does not move with the price) the step is {@code theta}: the
   * price then only decays towards 0, and never becomes infinite.
   *
   * @param sigma {@code sum_j C_ji kappa_j} for this node i, see {@link #sigma}
   */
  public static DualNode.StepRule scaled(double theta, ProxyCost g, double sigma) {
    return mu -> {
      double d = sigma + g.minimiserSlope(mu);
      return d > 0 && Double.isFinite(d) ? theta / d : theta;
    };
  }

  /**
   * The smallest sigma_i a scaled step divides by: {@link #SIGMA_FLOOR} times the largest kappa_j.
   */
  public static double sigmaFloor(Topology t) {
    double kappaMax = 0;
    for (int j = 0; j < t.size(); j++) {
      kappaMax = Math.max(kappaMax, t.offloadCost(j).sensitivity(t.demands()[j]));
    }
    return SIGMA_FLOOR * kappaMax;
  }

  /**
   * {@code sigma_i = sum_j C_ji kappa_j}: column i of C and the neighbours' sensitivities kappa_j.
   */
  public static double sigma(Topology t, int i) {
    CorrelationMatrix c = t.correlation();
    double[] a = t.demands();
    double sigma = 0;
    for (int j = 0; j < t.size(); j++) {
      sigma += c.get(j, i) * t.offloadCost(j).sensitivity(a[j]);
    }
    return sigma;
  }

  /**
   * {@code H_ii = sum_j C_ji^2 kappa_j}: the dual Hessian's diagonal entry for node i, from column
   * i of C and the neighbours' sensitivities kappa_j.
   */
  public static double curvature(Topology t, int i) {
    CorrelationMatrix c = t.correlation();
    double[] a = t.demands();
    double h = 0;
    for (int j = 0; j < t.size(); j++) {
      double cji = c.get(j, i);
      h += cji * cji * t.offloadCost(j).sensitivity(a[j]);
    }
    return h;
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double d : v) {
      s += d;
    }
    return s;
  }

  private static double max(double[] v) {
    double m = 0;
    for (double d : v) {
      m = Math.max(m, d);
    }
    return m;
  }
}
