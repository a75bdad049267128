package dev.alm.controller.stability;

/**
 * Settings of the stability analysis of the greedy heuristic (paper 004 section IV, eq. (24)-(29)).
 * Immutable; the constructor validates every value.
 *
 * <p>The ODE (24) is invariant under scaling A and T by k and time by 1/k, so the settling
 * tolerance and the horizon are given in the natural units of the system: with {@code sigma = gain
 * * max_i T_i}, a trajectory has settled when {@code max_i |dx_i/dt| < tolerance * sigma}, and
 * integration stops at time {@code horizon / sigma}. Eigenvalue real parts within {@code
 * eigenTolerance * sigma} of zero are "marginal".
 *
 * @param gain the sensitivity beta &gt; 0 of eq. (24)
 * @param tolerance settling tolerance on the largest rate |dx_i/dt|, relative to sigma, &gt; 0
 * @param horizon largest integration time, relative to 1/sigma, &gt; 0
 * @param randomStarts number k &ge; 0 of seeded random interior starts (besides the centre and, for
 *     N &le; 3, the near-corner starts)
 * @param seed seed of the random starts
 * @param dedupTolerance two end points closer than this in the max-norm are one fixed point, &gt; 0
 * @param boundaryTolerance x_i within this of 0 or 1 is taken as exactly 0 or 1 (full offload or
 *     none), in [0, 0.5)
 * @param eigenTolerance relative tolerance deciding "marginal" eigenvalues, &ge; 0
 */
public record StabilityConfig(
    double gain,
    double tolerance,
    double horizon,
    int randomStarts,
    long seed,
    double dedupTolerance,
    double boundaryTolerance,
    double eigenTolerance) {

  /** Default sensitivity beta of eq. (24). */
  public static final double DEFAULT_GAIN = 1.0;

  /** Default settling tolerance on max |dx_i/dt|, relative to gain * max T. */
  public static final double DEFAULT_TOLERANCE = 1e-9;

  /** Default horizon, relative to 1 / (gain * max T). */
  public static final double DEFAULT_HORIZON = 1e5;

  /** Default number of random interior starts. */
  public static final int DEFAULT_RANDOM_STARTS = 8;

  /** Default seed of the random starts. */
  public static final long DEFAULT_SEED = 42L;

  /** Default max-norm distance under which two end points are the same fixed point. */
  public static final double DEFAULT_DEDUP_TOLERANCE = 1e-3;

  /** Default distance to 0 or 1 under which x_i is taken as on the boundary. */
  public static final double DEFAULT_BOUNDARY_TOLERANCE = 1e-6;

  /** Default relative tolerance for eigenvalue real parts counted as zero. */
  public static final double DEFAULT_EIGEN_TOLERANCE = 1e-9;

  /**
   * @throws IllegalArgumentException naming the offending setting
   */
  public StabilityConfig {
    requirePositive("gain", gain);
    requirePositive("tolerance", tolerance);
    requirePositive("horizon", horizon);
    requirePositive("dedupTolerance", dedupTolerance);
    if (randomStarts < 0) {
      throw new IllegalArgumentException("randomStarts must be >= 0, got " + randomStarts);
    }
    if (!(boundaryTolerance >= 0 && boundaryTolerance < 0.5)) {
      throw new IllegalArgumentException(
          "boundaryTolerance must be in [0, 0.5), got " + boundaryTolerance);
    }
    if (!(eigenTolerance >= 0) || !Double.isFinite(eigenTolerance)) {
      throw new IllegalArgumentException(
          "eigenTolerance must be finite and >= 0, got " + eigenTolerance);
    }
  }

  /** All defaults. */
  public static StabilityConfig defaults() {
    return builder().build();
  }

  /** A builder holding the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The same settings with another gain beta. */
  public StabilityConfig withGain(double newGain) {
    return toBuilder().gain(newGain).build();
  }

  /** The same settings with another number of random starts. */
  public StabilityConfig withRandomStarts(int k) {
    return toBuilder().randomStarts(k).build();
  }

  /** The same settings with another seed. */
  public StabilityConfig withSeed(long newSeed) {
    return toBuilder().seed(newSeed).build();
  }

  /** The same settings with another settling tolerance and horizon. */
  public StabilityConfig withSettling(double newTolerance, double newHorizon) {
    return toBuilder().tolerance(newTolerance).horizon(newHorizon).build();
  }

  /** Mutable settings of a {@link StabilityConfig}; {@link #build()} validates them. */
  public static final class Builder {
    private double gain = DEFAULT_GAIN;
    private double tolerance = DEFAULT_TOLERANCE;
    private double horizon = DEFAULT_HORIZON;
    private int randomStarts = DEFAULT_RANDOM_STARTS;
    private long seed = DEFAULT_SEED;
    private double dedupTolerance = DEFAULT_DEDUP_TOLERANCE;
    private double boundaryTolerance = DEFAULT_BOUNDARY_TOLERANCE;
    private double eigenTolerance = DEFAULT_EIGEN_TOLERANCE;

    private Builder() {}

    private Builder(StabilityConfig c) {
      gain = c.gain;
      tolerance = c.tolerance;
      horizon = c.horizon;
      randomStarts = c.randomStarts;
      seed = c.seed;
      dedupTolerance = c.dedupTolerance;
      boundaryTolerance = c.boundaryTolerance;
      eigenTolerance = c.eigenTolerance;
    }

    /** Sensitivity beta of eq. (24), &gt; 0. */
    public Builder gain(double v) {
      gain = v;
      return this;
    }

    /** Settling tolerance on max |dx_i/dt|, relative, &gt; 0. */
    public Builder tolerance(double v) {
      tolerance = v;
      return this;
    }

    /** Horizon, relative to 1 / (gain * max T), &gt; 0. */
    public Builder horizon(double v) {
      horizon = v;
      return this;
    }

    /** Random interior starts, &ge; 0. */
    public Builder randomStarts(int v) {
      randomStarts = v;
      return this;
    }

    /** Seed of the random starts. */
    public Builder seed(long v) {
      seed = v;
      return this;
    }

    /** Max-norm distance of one fixed point, &gt; 0. */
    public Builder dedupTolerance(double v) {
      dedupTolerance = v;
      return this;
    }

    /** Distance to 0 or 1 taken as on the boundary, in [0, 0.5). */
    public Builder boundaryTolerance(double v) {
      boundaryTolerance = v;
      return this;
    }

    /** Relative tolerance of marginal eigenvalues, &ge; 0. */
    public Builder eigenTolerance(double v) {
      eigenTolerance = v;
      return this;
    }

    /** The settings; throws IllegalArgumentException naming a refused one. */
    public StabilityConfig build() {
      return new StabilityConfig(
          gain,
          tolerance,
          horizon,
          randomStarts,
          seed,
          dedupTolerance,
          boundaryTolerance,
          eigenTolerance);
    }
  }

  private static void requirePositive(String name, double v) {
    if (!(v > 0) || !Double.isFinite(v)) {
      throw new IllegalArgumentException(name + " must be finite and > 0, got " + v);
    }
  }
}
