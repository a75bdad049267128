package dev.alm.fastcontrol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The FastControl probe plan of PoP i (paper 004 eq. 19): the rate r_ij at which PoP i's DNS makes
 * users send probes of category j,
 *
 * <pre>  r_ij = gamma * mu_i * C_ji / C_ij,   j = 1..N.</pre>
 *
 * <p>A probe of category j from PoP i's users lands at proxy j with probability C_ij, so proxy j
 * receives its own category at the rate R_j = sum_i r_ij C_ij = gamma sum_i mu_i C_ji = gamma
 * beta_j (eq. 20, beta_j = C_j^T mu with C_j the j-th row, eq. 14).
 *
 * <p><b>Requirement C_ij &gt; 0.</b> Where C_ji &gt; 0, PoP i owes proxy j a contribution mu_i C_ji
 * that only its own users can carry there, which they do with probability C_ij: the plan needs C_ij
 * &gt; 0. Where C_ji = 0 nothing is owed and r_ij = 0 whatever C_ij is. An entry C_ij below {@link
 * ProbePlanConfig#floor()} (including 0) while C_ji &gt; 0 is replaced by the floor: the rate stays
 * bounded, but proxy j then receives only C_ij / floor of the contribution, so beta_j is biased low
 * by at most mu_i C_ji. Such entries are listed in {@link #floored()}, with the bias, as warnings
 * for the operator.
 *
 * @param origin this PoP's id (i)
 * @param categories the category (PoP id) of every planned rate, in matrix order, only rates &gt; 0
 * @param rates r_ij for each of {@link #categories()}, probes per second
 * @param floored the entries that were floored
 * @param config gamma and the floor
 * @param mu the price mu_i the plan was made for
 */
public record ProbePlan(
    String origin,
    List<String> categories,
    double[] rates,
    List<FlooredEntry> floored,
    ProbePlanConfig config,
    double mu) {

  /**
   * An entry C_ij that was below the floor while C_ji &gt; 0.
   *
   * @param category j
   * @param cij C_ij as given
   * @param cji C_ji
   * @param betaBias how much beta_j is biased low by it: mu_i C_ji (1 - C_ij / floor)
   */
  public record FlooredEntry(String category, double cij, double cji, double betaBias) {
    /** One line for a log. */
    public String warning(String origin) {
      return "probe plan of "
          + origin
          + ": C["
          + origin
          + "]["
          + category
          + "] = "
          + cij
          + " is below the floor while C["
          + category
          + "]["
          + origin
          + "] = "
          + cji
          + "; beta_"
          + category
          + " is biased low by up to "
          + betaBias;
    }
  }

  public ProbePlan {
    categories = List.copyOf(categories);
    rates = rates.clone();
    floored = List.copyOf(floored);
    if (categories.size() != rates.length) {
      throw new IllegalArgumentException("one rate per category expected");
    }
  }

  /** The empty plan: no probes (mu_i = 0, or before the first control step). */
  public static ProbePlan none(String origin, ProbePlanConfig config) {
    return new ProbePlan(origin, List.of(), new double[0], List.of(), config, 0);
  }

  /**
   * Computes eq. 19 for PoP {@code i}.
   *
   * @param ids node ids in matrix order
   * @param i the index of this PoP
   * @param mu mu_i &ge; 0
   * @param row row i of C (C_ij: where this PoP's users land)
   * @param column column i of C (C_ji: how much of PoP j's users land at this proxy)
   */
  public static ProbePlan compute(
      List<String> ids, int i, double mu, double[] row, double[] column, ProbePlanConfig config) {
    int n = ids.size();
    if (row.length != n || column.length != n) {
      throw new IllegalArgumentException("row and column must have " + n + " entries");
    }
    if (i < 0 || i >= n) {
      throw new IllegalArgumentException("index " + i + " out of [0, " + n + ")");
    }
    if (!(mu >= 0) || !Double.isFinite(mu)) {
      throw new IllegalArgumentException("mu must be a finite number >= 0, got " + mu);
    }
    List<String> cats = new ArrayList<>();
    double[] r = new double[n];
    int k = 0;
    List<FlooredEntry> floored = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      double cji = column[j];
      double cij = row[j];
      if (!(cji > 0)) {
        continue;
      }
      double denom = cij;
      if (!(cij >= config.floor())) {
        denom = config.floor();
        floored.add(
            new FlooredEntry(ids.get(j), cij, cji, mu * cji * (1 - Math.max(0, cij) / denom)));
      }
      double rate = config.gamma() * mu * cji / denom;
      if (rate > 0) {
        cats.add(ids.get(j));
        r[k++] = rate;
      }
    }
    return new ProbePlan(ids.get(i), cats, Arrays.copyOf(r, k), floored, config, mu);
  }

  /** r_ij for each of {@link #categories()} (a copy). */
  @Override
  public double[] rates() {
    return rates.clone();
  }

  /** sum_j r_ij: the beacon rate b_i this plan needs at least. */
  public double totalRate() {
    double s = 0;
    for (double v : rates) {
      s += v;
    }
    return s;
  }

  /** The rate for one category, 0 if none is planned. */
  public double rate(String category) {
    int k = categories.indexOf(category);
    return k < 0 ? 0 : rates[k];
  }

  /**
   * The largest gamma that PoP i can serve with beacons at rate {@code beaconRate} at price {@code
   * mu}: b_i / (mu_i sum_j C_ji / max(C_ij, floor)). A deployment's gamma must not exceed the
   * minimum of this over all PoPs, with mu_i at the highest price expected; above it, the answerer
   * clips and beta is biased.
   *
   * @return +infinity when mu = 0 or nothing is owed
   */
  public static double affordableGamma(
      double beaconRate, double mu, double[] row, double[] column, double floor) {
    double s = 0;
    for (int j = 0; j < row.length; j++) {
      if (column[j] > 0) {
        s += column[j] / Math.max(row[j], floor);
      }
    }
    double need = mu * s;
    return need > 0 ? beaconRate / need : Double.POSITIVE_INFINITY;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProbePlan p
        && origin.equals(p.origin)
        && categories.equals(p.categories)
        && Arrays.equals(rates, p.rates)
        && floored.equals(p.floored)
        && config.equals(p.config)
        && Double.compare(mu, p.mu) == 0;
  }

  @Override
  public int hashCode() {
    return origin.hashCode() * 31 + categories.hashCode() * 17 + Arrays.hashCode(rates);
  }

  @Override
  public String toString() {
    return "ProbePlan["
        + origin
        + ", mu="
        + mu
        + ", gamma="
        + config.gamma()
        + ", "
        + categories
        + "="
        + Arrays.toString(rates)
        + ", floored="
        + floored.size()
        + "]";
  }
}
