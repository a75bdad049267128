package dev.alm.export;

/**
 * One PoP's redirection state as {@code alm export} reports it: x_i, the probability that the PoP's
 * DNS answers the anycast address L1 (paper 004 eq. 2), with the quantities it was decided from:
 * mu_i (eq. 17), beta_i (eq. 14 offline, eq. 20 live), S_i, T_i and A_i. A value the source does
 * not carry is null.
 *
 * @param source where it was read from (a status URL or a file)
 * @param pop the PoP's id
 * @param algorithm greedy or dual, null if unknown
 * @param mode normal or fallback for a live PoP, null otherwise
 * @param x x_i in [0, 1]
 * @param mu mu_i
 * @param beta beta_i
 * @param load S_i
 * @param capacity T_i
 * @param demand A_i
 * @param units the unit of S, T and A: "requests/s" (live PoPs, alm cluster) or "load units" (alm
 *     simulate)
 */
public record Redirection(
    String source,
    String pop,
    String algorithm,
    String mode,
    double x,
    Double mu,
    Double beta,
    Double load,
    Double capacity,
    Double demand,
    String units) {

  /** Units of a live PoP or a cluster run. */
  public static final String REQUESTS_PER_SECOND = "requests/s";

  /** Units of an offline simulation. */
  public static final String LOAD_UNITS = "load units";

  public Redirection {
    if (pop == null || pop.isEmpty()) {
      throw new IllegalArgumentException("pop id is required");
    }
    if (!(x >= 0 && x <= 1)) {
      throw new IllegalArgumentException("x must be in [0, 1], got " + x);
    }
  }
}
