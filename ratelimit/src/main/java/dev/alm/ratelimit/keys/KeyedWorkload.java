package dev.alm.ratelimit.keys;

import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;

/**
 * Who asks what in a {@link KeyedScenario}, the same offline ({@link KeyedSimulation}) and live
 * ({@code alm drl agents} on a keyed scenario): key k (rank k + 1 of the Zipf popularity) has a
 * 64-bit hash, a PoP its users reach, and, for a share of the keys, other PoPs too (each request at
 * one of them, at a weight of the key's) or another PoP after the move. Pure: the draws come from
 * the random source passed in.
 */
public final class KeyedWorkload {

  private static final long SALT_POP = 0x51ED270B27AAB3C1L;
  private static final long SALT_MULTI = 0x2C1B3C6D8F0A1E55L;
  private static final long SALT_OTHER = 0x7A3D5E9F1B2C4D6EL;
  private static final long SALT_WEIGHT = 0x1F2E3D4C5B6A7988L;
  private static final long SALT_ROAM = 0x6E5D4C3B2A190817L;

  private final KeyedScenario sc;
  private final long limit;
  private final long roamRanks;

  public KeyedWorkload(KeyedScenario sc) {
    this.sc = sc;
    this.limit = sc.effectiveLimit();
    this.roamRanks = Math.round(sc.overLimitShare() * sc.keys());
  }

  public KeyedScenario scenario() {
    return sc;
  }

  /** The limit of every key, per window. */
  public long limit() {
    return limit;
  }

  /**
   * A sampler of key indices (0 for the most popular) by the scenario's Zipf popularity
   * (rejection-inversion sampling, O(1) a draw), seeded by the scenario.
   */
  public IntSupplier sampler() {
    ZipfDistribution z = new ZipfDistribution(new Well19937c(sc.seed()), sc.keys(), sc.zipf());
    return () -> z.sample() - 1;
  }

  /** The hash key {@code k} is known by. */
  public long keyHash(int k) {
    return KeyHomes.mix(k * 0x9E3779B97F4A7C15L + sc.seed());
  }

  /** Whether the key of hash {@code h} is active at several PoPs. */
  public boolean multi(long h) {
    return unit(h ^ SALT_MULTI) < sc.multiPopShare();
  }

  /** Whether key {@code k} (hash {@code h}) moves to another PoP at the scenario's time. */
  public boolean roams(int k, long h) {
    return k < roamRanks && unit(h ^ SALT_ROAM) < sc.roamShare();
  }

  private static double unit(long h) {
    return (KeyHomes.mix(h) >>> 11) * 0x1.0p-53;
  }

  /** The PoP a request of key {@code k} arrives at, before or after the move. */
  public int popOf(int k, boolean afterRoam, SplittableRandom rnd) {
    int n = sc.pops();
    long h = keyHash(k);
    int primary = (int) Long.remainderUnsigned(KeyHomes.mix(h ^ SALT_POP), n);
    if (afterRoam && roams(k, h)) {
      primary =
          (primary + 1 + (int) Long.remainderUnsigned(KeyHomes.mix(h ^ SALT_ROAM), n - 1)) % n;
    }
    if (n == 1 || !multi(h)) {
      return primary;
    }
    double weight = 0.2 + 0.6 * unit(h ^ SALT_WEIGHT);
    if (rnd.nextDouble() < weight) {
      return primary;
    }
    int step = 1 + (int) Long.remainderUnsigned(KeyHomes.mix(h ^ SALT_OTHER), n - 1);
    int other = 1 + rnd.nextInt(sc.multiPops() - 1);
    return (int) ((primary + (long) step * other) % n);
  }
}
