package dev.alm.controller.stability;

/**
 * Where one trajectory of the greedy ODE (paper 004 eq. (24)) ended: the final offload vector x (in
 * [0, 1]^N, Theorem 4.1), the proxy load S = Bx of eq. (22)-(23) there, the time reached and
 * whether the trajectory settled (max |dx_i/dt| under the tolerance) before the horizon. Immutable:
 * the arrays are copied.
 *
 * @param x final x, clamped to [0, 1]
 * @param load S = C^T diag(A) x at the final x
 * @param time integration time reached
 * @param settled true when the rates fell below the settling tolerance, false when the horizon (or
 *     the evaluation budget) was reached first
 * @param residual max_i |dx_i/dt| at the final x
 */
public record OdeResult(double[] x, double[] load, double time, boolean settled, double residual) {

  public OdeResult {
    x = x.clone();
    load = load.clone();
  }

  @Override
  public double[] x() {
    return x.clone();
  }

  @Override
  public double[] load() {
    return load.clone();
  }
}
