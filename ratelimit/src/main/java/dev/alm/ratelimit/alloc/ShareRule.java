package dev.alm.ratelimit.alloc;

/**
 * The local share of one customer's limit from the gossiped demands, the live agent's allocation
 * (paper 001 section 3: every limiter estimates the global demand D = sum_i r_i by gossip and sets
 * its local limit so that the limits sum to L; paper 000 Fig. 1 line 9 for the 1/N fallback).
 *
 * <p>With L_a the limit available to the PoPs that hear each other (L less L/N for each peer that
 * is silent and not known to have crashed), r the PoP's EWMA'd demand and n the PoPs that hear each
 * other:
 *
 * <ul>
 *   <li>D &gt;= L_a (the limit binds): share = L_a r / D, demand-proportional, so every PoP drops
 *       the same fraction, as Global Random Drop does (Fig. 1 line 4) and a central bucket would on
 *       average;
 *   <li>D &lt; L_a: share = r + (L_a - D) / n, each PoP's demand plus an equal part of the spare,
 *       so that a PoP whose demand grows is not throttled before the next exchange.
 * </ul>
 *
 * In both cases the shares of the n PoPs sum to L_a when their estimates agree, and a PoP with
 * demand never gets zero.
 */
public final class ShareRule {

  private ShareRule() {}

  /**
   * @param available L_a in units/s, &gt;= 0
   * @param demand r, this PoP's demand estimate, units/s
   * @param globalDemand D, the estimated sum of the demands of the PoPs that hear each other
   * @param hearing n, those PoPs, this one included, &gt;= 1
   * @return the share in [0, L_a]
   */
  public static double share(double available, double demand, double globalDemand, int hearing) {
    if (hearing < 1) {
      throw new IllegalArgumentException("at least this PoP hears itself: " + hearing);
    }
    double la = Math.max(0, available);
    double r = Math.max(0, demand);
    double d = Math.max(r, globalDemand);
    double s;
    if (d >= la) {
      s = d > 0 ? la * r / d : la / hearing;
    } else {
      s = r + (la - d) / hearing;
    }
    return Math.min(la, Math.max(0, s));
  }
}
