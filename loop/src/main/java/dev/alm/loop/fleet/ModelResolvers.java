package dev.alm.loop.fleet;

import dev.alm.fastcontrol.BalancedSplit;
import dev.alm.fastcontrol.RequeryDemand;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;

/**
 * The resolver caches of every PoP's users in the {@link FleetModel}: each holds the last answer
 * (L1 or L2) until its TTL ends; a request that finds its cache expired asks the PoP's DNS, which
 * answers L1 by the balanced split ({@code dns.CdnDraw}, the DNS's default mode) of x, or, with
 * {@code FleetModelConfig#randomAnswers()}, when a fresh uniform draw is below x. Each such answer
 * is one CDN query in the count the loop reads (beacons and echoes are counted apart), and feeds
 * the requery demand of the asking address.
 */
final class ModelResolvers {
  private final boolean[][] cachedL1;
  private final long[][] expires;
  private final BalancedSplit[] split;
  private final SplittableRandom[] random;
  private final long[] queries;
  private final RequeryDemand[] requery;
  private final long ttlNanos;
  private final boolean shared;
  private final boolean randomAnswers;
  private final int[][] address;

  /**
   * @param shared every cache asks from one address (one large resolver), else each from its own
   * @param randomAnswers every answer an independent draw, else the balanced split
   */
  ModelResolvers(int pops, int caches, long ttlNanos, boolean shared, boolean randomAnswers) {
    this(filled(pops, caches), new int[pops][], ttlNanos, shared, randomAnswers);
  }

  /**
   * @param caches each PoP's caches
   * @param address per PoP, the address each cache asks from (caches of one eyeball network share
   *     theirs), or null for the default of {@code shared}
   * @param shared without an address given, every cache asks from one address, else each from its
   *     own
   * @param randomAnswers every answer an independent draw, else the balanced split
   */
  ModelResolvers(
      int[] caches, int[][] address, long ttlNanos, boolean shared, boolean randomAnswers) {
    int pops = caches.length;
    cachedL1 = new boolean[pops][];
    expires = new long[pops][];
    for (int i = 0; i < pops; i++) {
      cachedL1[i] = new boolean[caches[i]];
      expires[i] = new long[caches[i]];
    }
    this.address = address;
    split = new BalancedSplit[pops];
    random = new SplittableRandom[pops];
    queries = new long[pops];
    requery = new RequeryDemand[pops];
    for (int i = 0; i < pops; i++) {
      requery[i] = new RequeryDemand();
    }
    this.ttlNanos = ttlNanos;
    this.shared = shared;
    this.randomAnswers = randomAnswers;
  }

  /** PoP i's caches empty, its DNS drawing from {@code dns}. */
  void start(int i, SplittableRandom dns) {
    random[i] = dns;
    split[i] = new BalancedSplit();
    Arrays.fill(expires[i], Long.MIN_VALUE);
  }

  /**
   * Whether cache k of PoP i's users holds L1 at {@code t} (run time, ns), asking the DNS at the x
   * it answers with then if its answer expired; {@code now} is the clock's reading at t.
   */
  boolean l1(int i, int k, long t, long now, DoubleSupplier dnsX) {
    if (expires[i][k] <= t) {
      queries[i]++;
      // each cache asks from its own address, as alm cluster's users do (PopUsers.cacheAddress), or
      // all from one
      int[] a = address[i];
      requery[i].answered(a != null ? a[k] : shared ? 0 : k, now, ttlNanos);
      double x = dnsX.getAsDouble();
      double u = random[i].nextDouble();
      cachedL1[i][k] = randomAnswers ? u < x : split[i].l1(x, u);
      expires[i][k] = t + ttlNanos;
    }
    return cachedL1[i][k];
  }

  private static int[] filled(int pops, int caches) {
    int[] c = new int[pops];
    Arrays.fill(c, caches);
    return c;
  }

  /** The CDN queries PoP i's DNS answered so far. */
  long queries(int i) {
    return queries[i];
  }

  /** PoP i's requery demand so far. */
  RequeryDemand.Totals requery(int i) {
    return requery[i].totals();
  }
}
