package dev.alm.loop.fleet;

import dev.alm.fastcontrol.HandOutRate;

/**
 * The offline model's FastControl probes at the proxies: per proxy the probes counted (all, and of
 * its own category), and the weights they carried, as each PoP's signer signs them ({@link
 * HandOutRate}: the published kappa_i over the probes it handed out in the second before), summed
 * into the proxy's sensitivity sigma_j and, per origin and rate, its curvature ({@link
 * ModelCurvature}).
 */
final class ModelProbes {

  private final long[] own;
  private final long[] all;
  private final double[] sensitivity;
  private final double[] publishedWeights;

  /** The weight and hand-out rate PoP i publishes for its probes. */
  private final float[] weight;

  private final float[] rate;

  /** PoP i's probe signer's hand-out rate: each probe carries kappa_i over it (ProbeSigner). */
  private final HandOutRate[] handOuts;

  private final ModelCurvature curvature;

  ModelProbes(int n) {
    own = new long[n];
    all = new long[n];
    sensitivity = new double[n];
    publishedWeights = new double[n];
    weight = new float[n];
    rate = new float[n];
    handOuts = new HandOutRate[n];
    for (int i = 0; i < n; i++) {
      handOuts[i] = new HandOutRate();
    }
    curvature = new ModelCurvature(n);
  }

  /**
   * A probe PoP i handed out at {@code nowNanos} (on the signer's clock) that reached proxy j,
   * {@code ownCategory} when it is of j's category: counted at j with the weight and rate it was
   * signed with.
   */
  void probe(int i, int j, boolean ownCategory, long nowNanos) {
    all[j]++;
    if (ownCategory) {
      own[j]++;
    }
    HandOutRate.Signed signed = handOuts[i].handOut(weight[i], rate[i], nowNanos);
    curvature.probe(j, i, signed.weight(), signed.rate());
    sensitivity[j] += signed.weight();
    publishedWeights[j] += weight[i];
  }

  /**
   * PoP i publishes {@code probeWeight} and {@code probeRate} for its probes from now on: IEEE
   * singles, 0 when not finite or below 0 (as {@code ProbeSigner.publishWeight}).
   */
  void publish(int i, double probeWeight, double probeRate) {
    weight[i] = signed(probeWeight);
    rate[i] = signed(probeRate);
  }

  private static float signed(double w) {
    float f = (float) w;
    return f >= 0 && Float.isFinite(f) ? f : 0;
  }

  /** Closes an interval of the curvature's sums ({@link ModelCurvature#drain}). */
  void drain() {
    curvature.drain();
  }

  /** Probes proxy j counted of its own category. */
  long own(int j) {
    return own[j];
  }

  /** Probes proxy j counted. */
  long all(int j) {
    return all[j];
  }

  /** The weights proxy j's probes carried, summed: its sigma_j. */
  double sensitivity(int j) {
    return sensitivity[j];
  }

  /** The weights their PoPs published for proxy j's probes, summed. */
  double publishedWeights(int j) {
    return publishedWeights[j];
  }

  /** Proxy j's curvature sum ({@link ModelCurvature#total}). */
  double curvature(int j) {
    return curvature.total(j);
  }
}
