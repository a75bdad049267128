package dev.alm.controller.stability;

import dev.alm.controller.model.Topology;
import org.apache.commons.math3.exception.MaxCountExceededException;
import org.apache.commons.math3.ode.FirstOrderDifferentialEquations;
import org.apache.commons.math3.ode.events.EventHandler;
import org.apache.commons.math3.ode.nonstiff.DormandPrince54Integrator;
import org.apache.commons.math3.ode.sampling.StepHandler;
import org.apache.commons.math3.ode.sampling.StepInterpolator;

/**
 * The continuous model of FastRoute's greedy heuristic, paper 004 eq. (24): {@code dx_i/dt = -beta
 * R(x_i) (Bx - T)_i} with the damping {@code R(x) = x(1 - x)} and {@code B = C^T diag(A)} of eq.
 * (23), so that {@code Bx} is the proxy load S of eq. (21)-(22).
 *
 * <p>{@link #settle} integrates it with an adaptive Dormand-Prince 5(4) integrator from a start in
 * the open unit cube until it reaches a fixed point (all rates under the tolerance of {@link
 * StabilityConfig}) or the horizon. By Theorem 4.1 trajectories stay in [0, 1]^N; the vector field
 * is evaluated at x clamped to the cube and the end point is clamped, so numerical excursions of
 * the order of the integrator tolerance never leave it. Instances are immutable; {@link #settle}
 * may be called from several threads.
 */
public final class GreedyOde implements FirstOrderDifferentialEquations {

  /** Absolute error tolerance per step of the integrator (x is in [0, 1]). */
  static final double ABSOLUTE_STEP_TOLERANCE = 1e-12;

  /** Relative error tolerance per step of the integrator. */
  static final double RELATIVE_STEP_TOLERANCE = 1e-10;

  /** Evaluation budget of one trajectory; reaching it ends the trajectory unsettled. */
  static final int MAX_EVALUATIONS = 2_000_000;

  private final double[][] b;
  private final double[] capacity;
  private final double gain;
  private final StabilityConfig config;
  private final double rateScale;

  /** The ODE of {@code topology} with the gain, tolerance and horizon of {@code config}. */
  public GreedyOde(Topology topology, StabilityConfig config) {
    int n = topology.size();
    double[] a = topology.demands();
    this.b = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        b[i][j] = topology.correlation().get(j, i) * a[j];
      }
    }
    this.capacity = topology.capacities();
    this.gain = config.gain();
    this.config = config;
    double maxT = 0;
    for (double t : capacity) {
      maxT = Math.max(maxT, t);
    }
    this.rateScale = gain * maxT;
  }

  /** The ODE of {@code topology} with {@link StabilityConfig#defaults()}. */
  public GreedyOde(Topology topology) {
    this(topology, StabilityConfig.defaults());
  }

  @Override
  public int getDimension() {
    return capacity.length;
  }

  @Override
  public void computeDerivatives(double t, double[] x, double[] xDot) {
    int n = capacity.length;
    double[] xc = clamp(x);
    for (int i = 0; i < n; i++) {
      double s = 0;
      double[] row = b[i];
      for (int j = 0; j < n; j++) {
        s += row[j] * xc[j];
      }
      xDot[i] = -gain * xc[i] * (1 - xc[i]) * (s - capacity[i]);
    }
  }

  /** The vector field F(x) of eq. (24)/(46) at x (clamped to the cube). */
  public double[] rate(double[] x) {
    requireDimension(x);
    double[] f = new double[capacity.length];
    computeDerivatives(0, x, f);
    return f;
  }

  /** The proxy load S = Bx of eq. (22) at x. */
  public double[] load(double[] x) {
    requireDimension(x);
    int n = capacity.length;
    double[] s = new double[n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        s[i] += b[i][j] * x[j];
      }
    }
    return s;
  }

  /** B_ij = C_ji A_j of eq. (23). */
  public double b(int i, int j) {
    return b[i][j];
  }

  /** The capacities (thresholds) T. */
  public double[] capacities() {
    return capacity.clone();
  }

  /** The gain beta of eq. (24). */
  public double gain() {
    return gain;
  }

  /** The rate scale sigma = beta max_i T_i that makes tolerances and horizon dimensionless. */
  public double rateScale() {
    return rateScale;
  }

  /**
   * Integrates eq. (24) from {@code x0} until max_i |dx_i/dt| falls below {@code tolerance * sigma}
   * or time reaches {@code horizon / sigma} (see {@link StabilityConfig}).
   *
   * @param x0 a start in the open unit cube (0, 1)^N
   * @throws IllegalArgumentException when x0 has the wrong length or is not in the open unit cube
   */
  public OdeResult settle(double[] x0) {
    requireDimension(x0);
    for (double v : x0) {
      if (!(v > 0 && v < 1)) {
        throw new IllegalArgumentException(
            "start must lie in the open unit cube (0, 1)^N, got " + v);
      }
    }
    double threshold = config.tolerance() * rateScale;
    double end = config.horizon() / rateScale;
    if (maxAbs(rate(x0)) < threshold) {
      return result(x0, 0, true);
    }
    DormandPrince54Integrator integrator =
        new DormandPrince54Integrator(0, end, ABSOLUTE_STEP_TOLERANCE, RELATIVE_STEP_TOLERANCE);
    integrator.setMaxEvaluations(MAX_EVALUATIONS);
    SettleDetector detector = new SettleDetector(threshold);
    integrator.addEventHandler(detector, 1 / rateScale, 1e-9 / rateScale, 100);
    LastStep last = new LastStep(x0);
    integrator.addStepHandler(last);
    double[] y = x0.clone();
    double t;
    try {
      t = integrator.integrate(this, 0, x0.clone(), end, y);
    } catch (MaxCountExceededException e) {
      return result(last.state, last.time, false);
    }
    double[] x = clamp(y);
    return result(x, t, detector.fired || maxAbs(rate(x)) < threshold);
  }

  private OdeResult result(double[] x, double t, boolean settled) {
    double[] xc = clamp(x);
    return new OdeResult(xc, load(xc), t, settled, maxAbs(rate(xc)));
  }

  private void requireDimension(double[] x) {
    if (x.length != capacity.length) {
      throw new IllegalArgumentException(
          "expected " + capacity.length + " coordinates, got " + x.length);
    }
  }

  static double[] clamp(double[] x) {
    double[] c = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      c[i] = Math.min(1, Math.max(0, x[i]));
    }
    return c;
  }

  static double maxAbs(double[] v) {
    double m = 0;
    for (double d : v) {
      m = Math.max(m, Math.abs(d));
    }
    return m;
  }

  /** Stops the integration when the largest rate falls below the threshold. */
  private final class SettleDetector implements EventHandler {
    private final double threshold;
    private final double[] work = new double[capacity.length];
    private boolean fired;

    SettleDetector(double threshold) {
      this.threshold = threshold;
    }

    @Override
    public void init(double t0, double[] y0, double t) {
      fired = false;
    }

    @Override
    public double g(double t, double[] y) {
      computeDerivatives(t, y, work);
      return maxAbs(work) - threshold;
    }

    @Override
    public Action eventOccurred(double t, double[] y, boolean increasing) {
      if (increasing) {
        return Action.CONTINUE;
      }
      fired = true;
      return Action.STOP;
    }

    @Override
    public void resetState(double t, double[] y) {
      // nothing to reset
    }
  }

  /** Remembers the last accepted step, for trajectories cut short by the evaluation budget. */
  private static final class LastStep implements StepHandler {
    private double[] state;
    private double time;

    LastStep(double[] x0) {
      this.state = x0.clone();
    }

    @Override
    public void init(double t0, double[] y0, double t) {
      state = y0.clone();
      time = t0;
    }

    @Override
    public void handleStep(StepInterpolator interpolator, boolean isLast) {
      time = interpolator.getCurrentTime();
      interpolator.setInterpolatedTime(time);
      state = interpolator.getInterpolatedState().clone();
    }
  }
}
