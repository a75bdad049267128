package dev.alm.cluster;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import java.time.Duration;

/**
 * The live test cluster on paper-fig2: 60 requests/s per load unit, 30 resolvers with a 1 s CDN
 * TTL, 120 beacons/s, probe gamma 2, beta weight 0.3, theta 0.25, greedy gain 3, start x 0.5, 16 B
 * bodies, seed 7.
 */
final class Fig2Cluster {
  private Fig2Cluster() {}

  static ClusterConfigBuilder builder(Algorithm algorithm, Duration duration) {
    return builder(BuiltinTopologies.paperFig2(), algorithm, duration);
  }

  /** The same settings on another topology. */
  static ClusterConfigBuilder builder(Topology t, Algorithm algorithm, Duration duration) {
    return ClusterConfig.builder(t)
        .algorithm(algorithm)
        .duration(duration)
        .loadUnit(60)
        .resolvers(30)
        .cdnTtl(1)
        .beaconRate(120)
        .probeGamma(2)
        .betaWeight(0.3)
        .theta(0.25)
        .greedyGain(3)
        .startX(0.5)
        .bodyBytes(16)
        .seed(7);
  }
}
