package dev.alm.controller.cost;

import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import org.apache.commons.math3.optim.univariate.UnivariatePointValuePair;

/**
 * Minimises a convex function of one variable on a closed interval with Brent's method (Commons
 * Math), and compares the interior answer with both end points so that minima on the boundary are
 * found exactly.
 */
final class NumericMinimiser {

  private static final double REL_TOL = 1e-12;
  private static final double ABS_TOL = 1e-14;

  private NumericMinimiser() {}

  static double argmin(DoubleUnaryOperator f, double lo, double hi) {
    BrentOptimizer brent = new BrentOptimizer(REL_TOL, ABS_TOL);
    UnivariatePointValuePair p =
        brent.optimize(
            new MaxEval(10_000),
            new UnivariateObjectiveFunction(f::applyAsDouble),
            GoalType.MINIMIZE,
            new SearchInterval(lo, hi, 0.5 * (lo + hi)));
    double best = p.getPoint();
    double bestValue = p.getValue();
    double flo = f.applyAsDouble(lo);
    if (flo <= bestValue) {
      best = lo;
      bestValue = flo;
    }
    double fhi = f.applyAsDouble(hi);
    if (fhi < bestValue) {
      best = hi;
    }
    return best;
  }
}
