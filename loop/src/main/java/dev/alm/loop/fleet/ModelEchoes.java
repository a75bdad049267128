package dev.alm.loop.fleet;

import dev.alm.fastcontrol.EchoTotals;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The price echoes every PoP's DNS of the offline model has counted, as {@code EchoVerifier} counts
 * them live: in total and split by the proxy that answered, with the price, load and capacity each
 * echo carried (docs/fastcontrol.md, "Price echo").
 */
final class ModelEchoes {

  private final List<String> ids;
  private final long[] count;
  private final double[] sum;
  private final double[] squares;
  private final long[][] byCount;
  private final double[][] bySum;
  private final double[][] byLoad;
  private final double[][] byCapacity;

  /**
   * Whether PoP i runs price echoes, and the price its proxy echoes (NaN until it publishes one).
   */
  private final boolean[] mode;

  private final double[] price;

  /**
   * @param ids the PoPs, in the topology's order
   */
  ModelEchoes(List<String> ids) {
    int n = ids.size();
    this.ids = List.copyOf(ids);
    count = new long[n];
    sum = new double[n];
    squares = new double[n];
    byCount = new long[n][n];
    bySum = new double[n][n];
    byLoad = new double[n][n];
    byCapacity = new double[n][n];
    mode = new boolean[n];
    price = new double[n];
    java.util.Arrays.fill(price, Double.NaN);
  }

  /** PoP i runs price echoes ({@code on}): its DNS counts them and its proxy answers with them. */
  void mode(int i, boolean on) {
    mode[i] = on;
  }

  /** Whether PoP i runs price echoes. */
  boolean mode(int i) {
    return mode[i];
  }

  /** PoP j publishes {@code aligned} as the price its proxy echoes, when it runs echoes. */
  void publish(int j, double aligned) {
    if (mode[j]) {
      price[j] = aligned;
    }
  }

  /** Whether proxy j answers PoP i's probes with echoes: both run them and j has a price. */
  boolean answers(int i, int j) {
    return mode[j] && mode[i] && !Double.isNaN(price[j]);
  }

  /**
   * Proxy j answers a probe of PoP i's DNS ({@link #answers}): an echo of j's last published price,
   * as the IEEE single the echo name carries, with its load {@code load} (S_j / T_j) and capacity.
   */
  void answer(int i, int j, double load, double capacity) {
    add(i, j, (float) price[j], load, capacity);
  }

  /**
   * One echo reaching PoP i's DNS from proxy j.
   *
   * @param price the price the echo name carries (an IEEE single)
   * @param load S_j / T_j when the proxy answered
   * @param capacity T_j in requests/s
   */
  void add(int i, int j, float price, double load, double capacity) {
    count[i]++;
    sum[i] += price;
    squares[i] += (double) price * price;
    byCount[i][j]++;
    bySum[i][j] += price;
    byLoad[i][j] += load;
    byCapacity[i][j] += capacity;
  }

  /** Echoes counted at PoP i's DNS since start. */
  long count(int i) {
    return count[i];
  }

  /** PoP i's DNS's echo totals, split by the proxy that answered, as {@code EchoVerifier}'s. */
  EchoTotals totals(int i) {
    Map<String, EchoTotals.Stratum> split = new HashMap<>();
    for (int j = 0; j < ids.size(); j++) {
      if (byCount[i][j] > 0) {
        split.put(
            ids.get(j),
            new EchoTotals.Stratum(
                byCount[i][j], bySum[i][j], byCount[i][j], byLoad[i][j], byCapacity[i][j]));
      }
    }
    return new EchoTotals(count[i], sum[i], squares[i], split);
  }
}
