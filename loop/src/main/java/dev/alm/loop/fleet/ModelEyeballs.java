package dev.alm.loop.fleet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The offline model's eyeball networks ({@link FleetModelConfig#eyeballs()}), laid out per PoP: the
 * networks its DNS answers, each with {@code resolvers} caches of its own asking from its
 * resolver's address and every L1 request on its HTTP catchment's proxy, their beacons, and the
 * requests their users' lanes send late ({@link Eyeball#sentAt}), and the background measured at
 * each proxy ({@link FleetModelConfig#backgroundAt()}). A PoP without networks, or a run without
 * any, keeps {@code resolvers} caches for its users, one crowd routed by C, at the configured
 * beacon rate.
 */
final class ModelEyeballs {

  /** Per PoP, the networks' cumulative demand; null for a PoP whose users are one crowd. */
  private final double[][] demand;

  private final int[][] firstCache;
  private final int[][] proxy;
  private final Eyeball[][] of;
  private final double[] beaconRates;
  private final int[] caches;
  private final int[][] addresses;

  /** Requests/s reaching proxy j whatever x is (the background measured at each proxy). */
  private final double[] background;

  /** Per PoP, the requests its users' lanes send late: {time, network}, earliest first. */
  private final List<PriorityQueue<long[]>> late;

  ModelEyeballs(FleetModelConfig c, List<String> ids) {
    int n = ids.size();
    int r = c.resolvers();
    demand = new double[n][];
    firstCache = new int[n][];
    proxy = new int[n][];
    of = new Eyeball[n][];
    beaconRates = new double[n];
    caches = new int[n];
    addresses = new int[n][];
    late = new ArrayList<>(n);
    background = new double[n];
    List<String> resolverNames = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      late.add(new PriorityQueue<>((u, v) -> Long.compare(u[0], v[0])));
      background[i] = c.backgroundAt().getOrDefault(ids.get(i), 0.0);
      List<Eyeball> mine = new ArrayList<>();
      for (Eyeball e : c.eyeballs()) {
        if (e.dns().equals(ids.get(i))) {
          mine.add(e);
        }
      }
      if (mine.isEmpty()) {
        caches[i] = r;
        beaconRates[i] = c.eyeballs().isEmpty() ? c.beaconRate() : 0;
        continue;
      }
      int m = mine.size();
      demand[i] = new double[m];
      firstCache[i] = new int[m];
      proxy[i] = new int[m];
      of[i] = mine.toArray(new Eyeball[0]);
      addresses[i] = new int[m * r];
      double sum = 0;
      for (int g = 0; g < m; g++) {
        Eyeball e = mine.get(g);
        sum += e.demand();
        demand[i][g] = sum;
        firstCache[i][g] = g * r;
        proxy[i][g] = ids.indexOf(e.http());
        beaconRates[i] += e.beacons();
        if (!resolverNames.contains(e.resolver())) {
          resolverNames.add(e.resolver());
        }
        Arrays.fill(addresses[i], g * r, (g + 1) * r, resolverNames.indexOf(e.resolver()));
      }
      caches[i] = m * r;
    }
  }

  /** Each PoP's caches. */
  int[] caches() {
    return caches;
  }

  /** Each PoP's caches' resolver addresses, or null for a PoP whose caches ask from their own. */
  int[][] addresses() {
    return addresses;
  }

  /** Requests/s reaching proxy j whatever x is. */
  double background(int j) {
    return background[j];
  }

  /** PoP i's users' beacons per second. */
  double beaconRate(int i) {
    return beaconRates[i];
  }

  /** Whether PoP i's users are one crowd routed by C (no networks). */
  boolean crowd(int i) {
    return demand[i] == null;
  }

  /** The network of PoP i's next request, by demand, for a uniform draw {@code u} in [0, 1). */
  int network(int i, double u) {
    double[] d = demand[i];
    double at = u * d[d.length - 1];
    int g = 0;
    while (g < d.length - 1 && at >= d[g]) {
      g++;
    }
    return g;
  }

  /**
   * Whether network g of PoP i sends its request due at {@code t} (model nanoseconds) late: then it
   * is queued for {@link #pollLate}.
   */
  boolean deferred(int i, int g, long t) {
    long sent = FleetModel.nanos(of[i][g].sentAt(t / 1e9));
    if (sent > t) {
      late.get(i).add(new long[] {sent, g});
      return true;
    }
    return false;
  }

  /** When PoP i's next late request goes out, or {@link Long#MAX_VALUE} when none waits. */
  long nextLate(int i) {
    long[] head = late.get(i).peek();
    return head == null ? Long.MAX_VALUE : head[0];
  }

  /** Takes PoP i's next late request: its network. */
  int pollLate(int i) {
    return (int) late.get(i).poll()[1];
  }

  /** Network g of PoP i's first cache. */
  int firstCache(int i, int g) {
    return firstCache[i][g];
  }

  /** The proxy network g of PoP i reaches. */
  int proxy(int i, int g) {
    return proxy[i][g];
  }
}
