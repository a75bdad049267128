package dev.alm.loop.fleet;

/**
 * One PoP at the end of one control interval of a {@link FleetModel} run: the columns of {@code alm
 * cluster}'s samples.csv.
 *
 * @param t seconds since the users started
 * @param pop the PoP's id
 * @param x x_i its DNS answers with from now on
 * @param mu mu_i
 * @param beta beta_i estimated (NaN before the first interval)
 * @param betaStdErr its standard error
 * @param load S_i, requests/s over the proxy's last meter window (NaN when stale)
 * @param capacity T_i, requests/s
 * @param demand A_i as the PoP estimates it, requests/s
 * @param mode normal or fallback
 * @param shed requests the proxy's admission control shed since start
 * @param gain the dual's gain multiplier after this interval
 * @param guard the headroom guard's bound on x when it bound this interval, NaN otherwise
 */
public record FleetSample(
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

  /** S_i / T_i. */
  public double ratio() {
    return load / capacity;
  }
}
