package dev.alm.app;

import dev.alm.controller.dual.StepSize;
import dev.alm.loop.BetaSource;
import java.util.ListResourceBundle;
import picocli.CommandLine.Option;

/**
 * The controller options of the live runs, {@code alm cluster} and {@code alm lab}: the algorithm
 * (the greedy law of eq. 24 or the dual of eq. 17), the probe gain gamma (eq. 19-20), the dual's
 * scaled price step theta, the greedy gain and every PoP's x at start. A picocli mixin: both
 * commands take the same option names and parse them into the same fields.
 *
 * <p>Each command keeps its own help texts, and {@code --gamma} its own default: picocli reads them
 * from the command's resource bundle ({@link Cluster}, {@link Lab}), keys {@code law.NAME} for a
 * description and {@code law.gamma.default} for gamma's default.
 */
public final class LiveControllerOptions {

  @Option(
      names = {"-a", "--algorithm"},
      defaultValue = "dual",
      description = "greedy or dual. Default: ${DEFAULT-VALUE}.")
  String algorithm;

  @Option(
      names = "--gamma",
      defaultValue = "${bundle:law.gamma.default}",
      descriptionKey = "law.gamma")
  double gamma;

  @Option(names = "--theta", defaultValue = "0.15", descriptionKey = "law.theta")
  double theta;

  @Option(names = "--gain", defaultValue = "2", descriptionKey = "law.gain")
  double gain;

  @Option(names = "--start-x", defaultValue = "0.3", descriptionKey = "law.start-x")
  double startX;

  @Option(
      names = "--beta-source",
      paramLabel = "probes|echo",
      defaultValue = "echo",
      converter = BetaSourceConverter.class,
      description =
          "Where the dual takes beta_i from: price echoes (docs/fastcontrol.md, \"Price echo\";"
              + " needs no C and works wherever routing sends users) or FastControl probe counts"
              + " (eq. 20, the paper's; needs C and proxy i seeing some of PoP i's users)."
              + " Default: ${DEFAULT-VALUE}.")
  BetaSource betaSource;

  @Option(
      names = "--overload-boost",
      defaultValue = "4",
      description =
          "The largest multiplier of the dual's price step while a proxy is above capacity; 1: none"
              + " (docs/controllers/step-and-delay.md). Default: ${DEFAULT-VALUE}.")
  double overloadBoost;

  @Option(
      names = "--guard-load",
      paramLabel = "R|off",
      defaultValue = "1.1",
      description =
          "The load S/T, echoed by a proxy a PoP's users reach, above which that PoP's headroom"
              + " guard cuts its x at once (docs/headroom-guard.md); off: no"
              + " guard. Default: ${DEFAULT-VALUE}.")
  String guardLoad;

  @Option(
      names = "--price-curvature",
      paramLabel = "diagonal|row",
      defaultValue = "diagonal",
      description =
          "What the dual's price step divides its gradient by: the curvature H_ii = sum_j C_ji^2"
              + " kappa_j, measured from the probes (docs/controllers/live-loop.md, \"Measured curvature\")"
              + " or the row sum sigma_i = sum_j C_ji kappa_j (stable on any C, slower). Default:"
              + " ${DEFAULT-VALUE}.")
  String priceCurvature;

  @Option(
      names = "--withhold-c",
      description =
          "Give the PoPs the unit matrix instead of C (users still follow C): every PoP learns what"
              + " its step needs in-band (docs/controllers/live-loop.md, \"Measured sensitivity\").")
  boolean withholdC;

  /**
   * The value of {@code --guard-load}: infinite for {@code off}.
   *
   * @throws UserError when it is neither a number above 1 (at most 100) nor {@code off}
   */
  double guardLoad() {
    if (guardLoad.equalsIgnoreCase("off")) {
      return Double.POSITIVE_INFINITY;
    }
    try {
      double r = Double.parseDouble(guardLoad);
      if (r > 1 && r <= 100) {
        return r;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new UserError(
        "--guard-load: expected a load above 1 (at most 100) or off, got " + guardLoad);
  }

  /**
   * The value of {@code --price-curvature}.
   *
   * @throws UserError when it is neither {@code diagonal} nor {@code row}
   */
  public StepSize.Curvature priceCurvature() {
    try {
      return StepSize.Curvature.parse(priceCurvature);
    } catch (IllegalArgumentException e) {
      throw new UserError("--price-curvature: expected diagonal or row, got " + priceCurvature);
    }
  }

  /** {@code alm cluster}'s texts of these options, and its gamma. */
  public static final class Cluster extends ListResourceBundle {
    @Override
    protected Object[][] getContents() {
      return new Object[][] {
        {"law.gamma", "Probe gain gamma (eq. 19-20). Default: ${DEFAULT-VALUE}."},
        {"law.gamma.default", "15"},
        {
          "law.theta",
          "The dual's scaled price step (eq. 17), no adaptation. Default: ${DEFAULT-VALUE}."
        },
        {"law.gain", "Greedy gain (eq. 24), per load unit per second. Default: ${DEFAULT-VALUE}."},
        {"law.start-x", "Every PoP's x at start. Default: ${DEFAULT-VALUE}."}
      };
    }
  }

  /** {@code alm lab}'s texts of these options, and its gamma. */
  public static final class Lab extends ListResourceBundle {
    @Override
    protected Object[][] getContents() {
      return new Object[][] {
        {"law.gamma", "Probe gain. Default: ${DEFAULT-VALUE}."},
        {"law.gamma.default", "5"},
        {"law.theta", "Dual step. Default: ${DEFAULT-VALUE}."},
        {"law.gain", "Greedy gain. Default: ${DEFAULT-VALUE}."},
        {"law.start-x", "Start x. Default: ${DEFAULT-VALUE}."}
      };
    }
  }
}
