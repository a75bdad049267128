package dev.alm.loop;

import dev.alm.controller.dual.StepSize;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import java.time.Duration;

/**
 * The checks of a {@link LoopConfig}, in the order the record makes them: each throws an {@link
 * IllegalArgumentException} naming the field at fault and why.
 */
final class LoopConfigChecks {
  private LoopConfigChecks() {}

  static void required(
      Algorithm algorithm,
      StepSize step,
      BetaEstimatorConfig beta,
      Settling settling,
      BetaSource betaSource) {
    if (algorithm == null
        || step == null
        || beta == null
        || settling == null
        || betaSource == null) {
      throw new IllegalArgumentException(
          "algorithm, step, beta, settling and beta source settings are required");
    }
  }

  static void interval(Duration interval) {
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException(
          "interval must be > 0 ms, got "
              + (interval == null ? "nothing" : interval.toMillis() + " ms"));
    }
  }

  /** Units, gains, x and the EWMA weights. */
  static void ranges(
      double loadUnit,
      double requestsPerQuery,
      double greedyGain,
      double demandWeight,
      double startX,
      double safeX,
      double maxStep,
      double sensitivityWeight) {
    positive("loadUnit", loadUnit);
    positive("requestsPerQuery", requestsPerQuery);
    positive("greedyGain", greedyGain);
    fraction("demandWeight", demandWeight);
    unit("startX", startX);
    unit("safeX", safeX);
    fraction("maxStep", maxStep);
    fraction("sensitivityWeight", sensitivityWeight);
  }

  /** The price step's boosts, the headroom guard and the local damping. */
  static void price(
      double overloadBoost, double persistentBoost, double guardLoad, double localTheta) {
    if (!(overloadBoost >= 1) || !Double.isFinite(overloadBoost)) {
      throw new IllegalArgumentException("overloadBoost must be >= 1, got " + overloadBoost);
    }
    if (!(persistentBoost >= 1) || !Double.isFinite(persistentBoost)) {
      throw new IllegalArgumentException("persistentBoost must be >= 1, got " + persistentBoost);
    }
    if (!(guardLoad > 1)) {
      throw new IllegalArgumentException("guardLoad must be > 1, got " + guardLoad);
    }
    if (!(localTheta > 0 && localTheta < 2)) {
      throw new IllegalArgumentException("localTheta must be in (0, 2), got " + localTheta);
    }
  }

  /** How long the loop waits for probes and trusts a saved state. */
  static void memory(int probeTimeout, Duration stateMaxAge) {
    if (probeTimeout < 1) {
      throw new IllegalArgumentException("probeTimeout must be >= 1 interval, got " + probeTimeout);
    }
    if (stateMaxAge == null || stateMaxAge.isNegative()) {
      throw new IllegalArgumentException("stateMaxAge must be >= 0, got " + stateMaxAge);
    }
  }

  private static void positive(String name, double v) {
    if (!(v > 0) || !Double.isFinite(v)) {
      throw new IllegalArgumentException(name + " must be a finite number > 0, got " + v);
    }
  }

  private static void unit(String name, double v) {
    if (!(v >= 0 && v <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1], got " + v);
    }
  }

  private static void fraction(String name, double v) {
    if (!(v > 0 && v <= 1)) {
      throw new IllegalArgumentException(name + " must be in (0, 1], got " + v);
    }
  }
}
