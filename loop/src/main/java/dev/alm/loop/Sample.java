package dev.alm.loop;

/**
 * One PoP at the end of one control interval, of a live run (alm cluster, alm lab) or of the
 * offline model ({@link dev.alm.loop.fleet.FleetModel}): the same columns either way (samples.csv).
 *
 * @param t seconds since the users started
 * @param pop the PoP's id
 * @param x x_i published
 * @param mu mu_i
 * @param beta beta_i estimated (NaN before the first interval)
 * @param betaStdErr its standard error
 * @param load S_i, requests/s (NaN when the meter is stale)
 * @param capacity T_i, requests/s
 * @param demand A_i as the PoP estimates it, requests/s
 * @param mode normal or fallback
 * @param shed requests shed by the proxy since start
 * @param gain the dual's gain multiplier after this interval (1: full gains, docs/pop/loop.md)
 * @param guard the headroom guard's bound on x when it bound this interval
 *     (docs/headroom-guard.md), NaN when it did not or is not known
 */
public record Sample(
    double t,
    String pop,
    double x,
    double mu,
    double beta,
    double betaStdErr,
    double load,
    double capacity,
    double demand,
    String mode,
    long shed,
    double gain,
    double guard) {

  /** Whether the headroom guard bound x this interval. */
  public boolean guarded() {
    return Double.isFinite(guard);
  }

  /** S_i / T_i. */
  public double ratio() {
    return load / capacity;
  }
}
