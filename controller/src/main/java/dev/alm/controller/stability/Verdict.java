package dev.alm.controller.stability;

import java.util.List;

/**
 * Local stability of a fixed point of the greedy ODE (paper 004 eq. (24)), read from the
 * eigenvalues of its Jacobian (eq. (46)-(48)) as in appendix VII-D/E.
 */
public enum Verdict {
  /**
   * Every eigenvalue has a real part below {@code -tolerance}: trajectories nearby converge to it.
   */
  STABLE,
  /** Some eigenvalue has a real part above {@code tolerance}: trajectories nearby leave it. */
  UNSTABLE,
  /**
   * No real part above {@code tolerance} but some within it of zero (for example at a corner where
   * S_i = T_i): linearisation does not decide.
   */
  MARGINAL;

  /**
   * The verdict for {@code eigenvalues}, real parts with |Re| &le; {@code tolerance} counting as
   * zero.
   */
  public static Verdict of(List<Eigenvalue> eigenvalues, double tolerance) {
    double max = Double.NEGATIVE_INFINITY;
    for (Eigenvalue e : eigenvalues) {
      max = Math.max(max, e.real());
    }
    if (max > tolerance) {
      return UNSTABLE;
    }
    return max < -tolerance ? STABLE : MARGINAL;
  }
}
