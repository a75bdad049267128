package dev.alm.cluster;

/**
 * The FastControl beacons a loopback cluster sends by default: {@link #TOTAL} a second shared by
 * its PoPs, at most {@link #MAX_PER_POP} each. Each beacon is a DNS answer, a probe fetch and an
 * echo query, and above about 5,000 a second a 2-core machine cannot carry the users' load
 * generator beside the PoPs (on synthetic n=12 at 1,200 per PoP it fell 17 s behind its schedule;
 * at 400, 0.02 s).
 */
public final class BeaconBudget {

  /** Beacons per second per PoP at most. */
  public static final double MAX_PER_POP = 1200;

  /** Beacons per second of the whole cluster. */
  public static final double TOTAL = 4800;

  private BeaconBudget() {}

  /** Beacons per second per PoP for {@code pops} PoPs: the total shared, at most the maximum. */
  public static double perPop(int pops) {
    return Math.min(MAX_PER_POP, TOTAL / Math.max(1, pops));
  }
}
