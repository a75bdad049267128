package dev.alm.traces.synthetic;

import dev.alm.controller.model.CorrelationMatrix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The world behind synthetic traces, and its true correlation matrix.
 *
 * <p>PoPs sit at real cities ({@link Cities}). Each user group g has a home PoP h (drawn by city
 * weight), a place near it (a Gaussian jitter of about 2 degrees), a share w_g of all users
 * (log-normal), and a resolver: a local one next to the users, or, for a share {@code
 * farResolverShare} of groups, a far public resolver at a random other PoP's city. The DNS layer is
 * anycast too: the group's queries reach the PoP nearest to its resolver, r_g. The group's HTTP
 * requests reach the PoP nearest to the users with probability 1 - m, and with probability m
 * ({@code misrouteShare}) another PoP, drawn in proportion to exp(-distance / 0.3 rad): anycast
 * mis-routing, mostly to neighbours. So q_g(j) is the group's catchment distribution, and the true
 * matrix (paper 004 eq. 1) is {@code C_ij = sum_{g: r_g = i} w_g q_g(j) / sum_{g: r_g = i} w_g}.
 * The first {@code pops} groups live at each PoP with a local resolver, so every row has users.
 * Every sample the generator writes is drawn from this model, so the estimators can be checked
 * against C exactly.
 */
public final class SyntheticWorld {
  private static final double KERNEL_RAD = 0.3;

  private final List<String> ids;
  private final double[][] popPlace;
  private final int[] resolverPop;
  private final double[] groupCumulative;
  private final double[][] catchmentCumulative;
  private final boolean[] farResolver;
  private final double[] dnsShare;
  private final CorrelationMatrix truth;

  /** Builds the world of {@code config} (deterministic in its seed). */
  public SyntheticWorld(SyntheticConfig config) {
    SplittableRandom rnd = new SplittableRandom(config.seed());
    int p = config.pops();
    int g = config.groups();
    ids = new ArrayList<>();
    popPlace = new double[p][];
    double[] cityWeight = new double[p];
    for (int i = 0; i < p; i++) {
      Cities.City c = Cities.ALL.get(i);
      ids.add(c.id());
      popPlace[i] = new double[] {c.lat(), c.lon()};
      cityWeight[i] = c.weight();
    }
    double[] cityCum = cumulative(cityWeight);
    resolverPop = new int[g];
    farResolver = new boolean[g];
    double[] weight = new double[g];
    catchmentCumulative = new double[g][];
    double[][] q = new double[g][];
    for (int k = 0; k < g; k++) {
      int home = k < p ? k : pick(cityCum, rnd.nextDouble());
      double lat = clampLat(popPlace[home][0] + (k < p ? 0 : 2 * gaussian(rnd)));
      double lon = popPlace[home][1] + (k < p ? 0 : 2 * gaussian(rnd));
      weight[k] = Math.exp(gaussian(rnd));
      farResolver[k] = k >= p && rnd.nextDouble() < config.farResolverShare();
      if (farResolver[k]) {
        int far = rnd.nextInt(p - 1);
        resolverPop[k] = far >= home ? far + 1 : far;
      } else {
        resolverPop[k] = nearest(lat, lon);
      }
      q[k] = catchment(lat, lon, config.misrouteShare());
      catchmentCumulative[k] = cumulative(q[k]);
    }
    groupCumulative = cumulative(weight);
    double[][] c = new double[p][p];
    double[] rowWeight = new double[p];
    for (int k = 0; k < g; k++) {
      rowWeight[resolverPop[k]] += weight[k];
      for (int j = 0; j < p; j++) {
        c[resolverPop[k]][j] += weight[k] * q[k][j];
      }
    }
    double total = Arrays.stream(rowWeight).sum();
    dnsShare = new double[p];
    for (int i = 0; i < p; i++) {
      dnsShare[i] = rowWeight[i] / total;
      double s = 0;
      for (int j = 0; j < p; j++) {
        c[i][j] /= rowWeight[i];
        s += c[i][j];
      }
      for (int j = 0; j < p; j++) {
        c[i][j] /= s;
      }
    }
    truth = CorrelationMatrix.of(ids, c);
  }

  private double[] catchment(double lat, double lon, double misroute) {
    int p = ids.size();
    int near = nearest(lat, lon);
    double[] kernel = new double[p];
    double sum = 0;
    for (int j = 0; j < p; j++) {
      if (j != near) {
        kernel[j] =
            Math.exp(-Cities.distance(lat, lon, popPlace[j][0], popPlace[j][1]) / KERNEL_RAD)
                + 1e-4;
        sum += kernel[j];
      }
    }
    double[] q = new double[p];
    for (int j = 0; j < p; j++) {
      q[j] = j == near ? 1 - misroute : misroute * kernel[j] / sum;
    }
    return q;
  }

  private int nearest(double lat, double lon) {
    int best = 0;
    double bestD = Double.MAX_VALUE;
    for (int j = 0; j < ids.size(); j++) {
      double d = Cities.distance(lat, lon, popPlace[j][0], popPlace[j][1]);
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    return best;
  }

  /** The PoP ids, in matrix order. */
  public List<String> ids() {
    return List.copyOf(ids);
  }

  /** The true correlation matrix. */
  public CorrelationMatrix truth() {
    return truth;
  }

  /** Latitude and longitude of PoP i, degrees. */
  public double[] place(int i) {
    return popPlace[i].clone();
  }

  /** The share of all DNS queries that PoP i answers (its row's weight). */
  public double dnsShare(int i) {
    return dnsShare[i];
  }

  /** Number of user groups. */
  public int groups() {
    return resolverPop.length;
  }

  /** A group drawn by its share of users. */
  public int drawGroup(SplittableRandom rnd) {
    return pick(groupCumulative, rnd.nextDouble());
  }

  /** The PoP whose DNS answers group g (row i of C). */
  public int dnsPop(int g) {
    return resolverPop[g];
  }

  /** Whether group g is behind a far public resolver. */
  public boolean farResolver(int g) {
    return farResolver[g];
  }

  /** The proxy one request of group g reaches (column j of C). */
  public int drawProxy(int g, SplittableRandom rnd) {
    return pick(catchmentCumulative[g], rnd.nextDouble());
  }

  private static double[] cumulative(double[] w) {
    double[] c = new double[w.length];
    double s = 0;
    for (int k = 0; k < w.length; k++) {
      s += w[k];
      c[k] = s;
    }
    for (int k = 0; k < w.length; k++) {
      c[k] /= s;
    }
    c[w.length - 1] = 1.0;
    return c;
  }

  private static int pick(double[] cumulative, double u) {
    int k = Arrays.binarySearch(cumulative, u);
    k = k >= 0 ? k + 1 : -k - 1;
    return Math.min(k, cumulative.length - 1);
  }

  private static double gaussian(SplittableRandom rnd) {
    double u1 = 1 - rnd.nextDouble();
    double u2 = rnd.nextDouble();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  private static double clampLat(double lat) {
    return Math.max(-89.9, Math.min(89.9, lat));
  }
}
