package dev.alm.loop;

/**
 * The capacity the dual aims a proxy's load below, so that the Poisson noise of the load alone does
 * not carry its measured mean over the overload the operator tolerates.
 *
 * <p>A proxy of capacity T (load units) serving the load unit u requests/s per load unit counts
 * about T u dt requests per interval of dt seconds; its load measured over a window of {@link
 * #WINDOW} intervals has the standard deviation sd = sqrt(T / (u dt W)). The operator tolerates a
 * load up to the guard load R (1.1 T by default) over such a window. Aimed at T' the window's mean
 * stays under R T with probability 1 - 1% when T' + {@link #Z} sd &lt;= R T, so
 *
 * <pre>T' = min(T, R T - Z sd), at least T / 2.</pre>
 *
 * A proxy that counts at least (Z / 0.1)^2 / W = 109 requests per interval has T' = T: at the
 * default load unit (150) and 1 s intervals every proxy of 0.73 load units or more. A proxy of 35
 * requests a second (lab-fig2's, at the lab's load unit of 50) has T' = 0.92 T; one of 15, T' =
 * 0.83 T.
 */
public final class NoiseMargin {

  /** Intervals of the window the tolerance is measured over. */
  public static final int WINDOW = 5;

  /** Standard deviations of the window's noise kept under the tolerance (1% one-sided). */
  public static final double Z = 2.33;

  private NoiseMargin() {}

  /**
   * T' for a proxy of capacity {@code capacity} load units.
   *
   * @param loadUnit requests/s per load unit
   * @param dt the interval, seconds
   * @param guardLoad the tolerated load R; not finite: {@link LoopConfig#DEFAULT_GUARD_LOAD}
   */
  public static double capacity(double capacity, double loadUnit, double dt, double guardLoad) {
    if (!(capacity > 0) || !(loadUnit > 0) || !(dt > 0)) {
      return capacity;
    }
    return capacity * ratio(capacity * loadUnit, dt, guardLoad);
  }

  /**
   * T' / T for a proxy of capacity {@code requestsPerSecond}: what a PoP aims the load of a proxy
   * its users reach below, from the capacity the proxy's echoes carry.
   */
  public static double ratio(double requestsPerSecond, double dt, double guardLoad) {
    if (!(requestsPerSecond > 0) || !(dt > 0)) {
      return 1;
    }
    double r = Double.isFinite(guardLoad) ? guardLoad : LoopConfig.DEFAULT_GUARD_LOAD;
    double sd = Math.sqrt(1 / (requestsPerSecond * dt * WINDOW));
    return Math.max(0.5, Math.min(1, r - Z * sd));
  }
}
