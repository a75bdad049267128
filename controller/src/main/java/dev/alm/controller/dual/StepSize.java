package dev.alm.controller.dual;

import java.util.Locale;

/**
 * The step alpha of the price update, paper 004 eq. (17) / Algorithm 1 step 6. Each variant depends
 * on local quantities only, so a PoP can compute its own step.
 */
public sealed interface StepSize {

  /**
   * A fixed step for every node.
   *
   * @param alpha &gt; 0, in price units per load unit
   */
  record Constant(double alpha) implements StepSize {
    public Constant {
      if (!(alpha > 0) || !Double.isFinite(alpha)) {
        throw new IllegalArgumentException("step alpha must be a finite number > 0, got " + alpha);
      }
    }
  }

  /**
   * The safe step of Theorem 3.3: {@code alpha = 2 epsilon / (A_max^2 + N T_max^2)}, which brings
   * the dual within epsilon of the optimal cost with rate c / sqrt(k). Safe but slow.
   *
   * @param epsilon the accuracy in cost units, &gt; 0
   */
  record Theorem33(double epsilon) implements StepSize {
    public Theorem33 {
      if (!(epsilon > 0) || !Double.isFinite(epsilon)) {
        throw new IllegalArgumentException(
            "theorem 3.3 epsilon must be a finite number > 0, got " + epsilon);
      }
    }

    /** The step for total demand aMax = sum A_i, n nodes and largest capacity tMax. */
    public double alpha(double aMax, int n, double tMax) {
      return 2 * epsilon / (aMax * aMax + n * tMax * tMax);
    }
  }

  /**
   * The default: a locally scaled (diagonal Newton) step {@code alpha_i = theta / (sigma_i +
   * dS_i*(mu_i)/dmu)}. The denominator is the curvature of the dual function along mu_i: {@code
   * dS_i*(mu)/dmu} from the PoP's own cost g_i, plus {@code sigma_i = sum_j C_ji kappa_j}, the
   * sensitivity of the PoP's own load to its own price, with {@code kappa_j = -A_j
   * dx_j*(beta)/dbeta} (1 / (2 gamma_j) for eq. 8), computed from column i of C, which a PoP knows.
   * It makes the step scale-free: prices range over many orders of magnitude as demand grows, which
   * no single constant step fits.
   *
   * <p>With {@link Curvature#ROW} sigma_i uses the column sums {@code C_ji}, not their squares, so
   * that sigma_i bounds the whole row i of the dual Hessian (Gershgorin): with theta &lt; 2 the
   * step is stable however strongly neighbours couple, but a proxy that other PoPs' users reach,
   * each a small part of theirs, moves its price by theta H_ii / sigma_i of the Newton step. With
   * {@link Curvature#DIAGONAL} the step divides by the diagonal H_ii = sum_j C_ji^2 kappa_j itself
   * (a Jacobi step), so every price moves by theta of its own Newton step; stable while theta times
   * the largest eigenvalue of the Hessian scaled by its diagonal stays below the delay's bound
   * (docs/controllers/step-and-delay.md, "Step and delay"). With {@code adaptive} each PoP also
   * grows its step while its gradient keeps its sign and shrinks it when the sign flips ({@link
   * DualNode#nextPrice}).
   *
   * @param theta damping in (0, 2)
   * @param adaptive whether to adapt the step to the PoP's own gradient history
   * @param curvature what the step divides by: the row sum sigma_i or the diagonal H_ii
   */
  record Scaled(double theta, boolean adaptive, Curvature curvature) implements StepSize {
    public static final double DEFAULT_THETA = 0.5;

    public Scaled {
      if (!(theta > 0 && theta < 2)) {
        throw new IllegalArgumentException("scaled step theta must be in (0, 2), got " + theta);
      }
      if (curvature == null) {
        throw new IllegalArgumentException("scaled step curvature is required (row or diagonal)");
      }
    }

    /** The row-sum step (offline, the paper's reproduction). */
    public Scaled(double theta, boolean adaptive) {
      this(theta, adaptive, Curvature.ROW);
    }
  }

  /** What the scaled step divides the gradient by. */
  enum Curvature {
    /** sigma_i = sum_j C_ji kappa_j: bounds the Hessian's row i, stable on any C. */
    ROW,
    /** H_ii = sum_j C_ji^2 kappa_j: the Hessian's diagonal, a full step along each price. */
    DIAGONAL;

    /** Parses {@code row} or {@code diagonal} (any case). */
    public static Curvature parse(String s) {
      for (Curvature c : values()) {
        if (c.name().equalsIgnoreCase(s == null ? "" : s.trim())) {
          return c;
        }
      }
      throw new IllegalArgumentException(
          "price curvature must be row or diagonal, got '" + s + "'");
    }

    /** The name as flags and files write it. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The default step: {@link Scaled} with {@link Scaled#DEFAULT_THETA}. */
  static StepSize defaultStep() {
    return new Scaled(Scaled.DEFAULT_THETA, true);
  }
}
