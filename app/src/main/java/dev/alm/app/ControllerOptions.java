package dev.alm.app;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.greedy.GreedyConfig;
import picocli.CommandLine.Option;

/** Options that choose and tune the controllers. */
public final class ControllerOptions {

  /** The dual step variants a user can pick. */
  public enum Step {
    scaled,
    theorem33,
    constant
  }

  @Option(
      names = "--step",
      defaultValue = "scaled",
      description =
          "Dual step size: scaled (default: a locally scaled step, alpha_i = theta / (sigma_i + dS*/dmu), "
              + "adapted to each PoP's own gradient history), theorem33 (the safe alpha = 2 eps / (A_max^2 + N T_max^2) "
              + "of Theorem 3.3, needs --epsilon) or constant (needs --alpha). Default: ${DEFAULT-VALUE}.")
  Step step;

  @Option(
      names = "--theta",
      defaultValue = "0.5",
      description = "Damping of the scaled step, in (0, 2). Default: ${DEFAULT-VALUE}.")
  double theta;

  @Option(names = "--no-adaptive", description = "Scaled step without the per-PoP adaptation.")
  boolean noAdaptive;

  @Option(names = "--alpha", description = "Constant dual step, in price units per load unit.")
  Double alpha;

  @Option(
      names = "--epsilon",
      description = "Accuracy of the theorem33 step, in cost units (W of eq. 5).")
  Double epsilon;

  @Option(
      names = "--gain",
      defaultValue = "1.0",
      description =
          "Greedy gain beta of eq. (24), per load unit per time unit. Default: ${DEFAULT-VALUE}.")
  double gain;

  @Option(
      names = "--dt",
      description =
          "Greedy step in time units. Default: min(1, 2 / (gain * max_i sum_j C_ji A_j)), which keeps "
              + "the discretised law monotone on the topology.")
  Double dt;

  /** The dual step chosen on the command line. */
  public StepSize stepSize() {
    try {
      switch (step) {
        case theorem33:
          if (epsilon == null) {
            throw new UserError("--step theorem33 needs --epsilon (accuracy in cost units)");
          }
          return new StepSize.Theorem33(epsilon);
        case constant:
          if (alpha == null) {
            throw new UserError("--step constant needs --alpha");
          }
          return new StepSize.Constant(alpha);
        default:
          return new StepSize.Scaled(theta, !noAdaptive);
      }
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** The greedy settings, with dt resolved for the topology when not given. */
  public GreedyConfig greedy(double autoDt) {
    try {
      return new GreedyConfig(gain, dt == null ? autoDt : dt, GreedyConfig.DEFAULT_EPS);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }
}
