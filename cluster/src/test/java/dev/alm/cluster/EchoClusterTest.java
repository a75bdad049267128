package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.Sample;
import java.time.Duration;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The case FastControl cannot measure, on the live test cluster: nobody's users reach proxy a (C =
 * [[0, 1], [0, 1]], column a empty), so proxy a never counts a probe of its own category, PoP a
 * falls back to the greedy law, sees its proxy idle and answers L1 to all its users, whose 1.2 load
 * units land on b (T_b = 1): section III-B's locally uncontrollable overload, under the dual. With
 * price echoes PoP a's users carry b's price back to a's DNS, so beta_a = mu_b and a sends its
 * users to L2 as b's price rises (docs/fastcontrol.md, "Price echo").
 */
class EchoClusterTest {

  static final Duration RUN = Duration.ofSeconds(20);

  static Topology emptyColumn() {
    return new Topology(
        List.of(new Node("a", 1.0, 1.2, 1.0, 10.0, 0.5), new Node("b", 1.0, 0.5, 1.0, 10.0, 0.5)),
        CorrelationMatrix.of(List.of("a", "b"), new double[][] {{0, 1}, {0, 1}}));
  }

  private static ClusterRun run(BetaSource source) throws Exception {
    ClusterConfig c =
        Fig2Cluster.builder(emptyColumn(), Algorithm.DUAL, RUN).betaSource(source).build();
    return Cluster.run(c, interval -> {}, line -> {});
  }

  private static double mean(ClusterRun run, String pop, ToDoubleFunction<Sample> f) {
    return run.samples().stream()
        .filter(s -> s.pop().equals(pop) && s.t() > run.seconds() / 2)
        .mapToDouble(f)
        .filter(Double::isFinite)
        .average()
        .orElse(Double.NaN);
  }

  private static long fallbacks(ClusterRun run, String pop) {
    return run.samples().stream()
        .filter(s -> s.pop().equals(pop) && s.t() > run.seconds() / 2)
        .filter(s -> s.mode().startsWith("fallback"))
        .count();
  }

  @Test
  void priceEchoesMeasureBetaWhereNoProbeCanReachTheOwnProxy() throws Exception {
    ClusterRun probes = run(BetaSource.PROBES);
    ClusterRun echo = run(BetaSource.ECHO);
    double probesB = mean(probes, "b", Sample::ratio);
    double echoB = mean(echo, "b", Sample::ratio);
    double betaA = mean(echo, "a", Sample::beta);
    double muB = mean(echo, "b", Sample::mu);
    System.out.printf(
        "second half: probes: S_b/T_b %.2f, x_a %.3f, a in fallback %d intervals;"
            + " echo: S_b/T_b %.2f, x_a %.3f, beta_a %.2f, mu_b %.2f, a in fallback %d%n",
        probesB,
        mean(probes, "a", Sample::x),
        fallbacks(probes, "a"),
        echoB,
        mean(echo, "a", Sample::x),
        betaA,
        muB,
        fallbacks(echo, "a"));
    assertTrue(fallbacks(probes, "a") > 0, "without echoes a has no probes and falls back");
    assertTrue(probesB > 1.1, "without echoes b stays overloaded: S_b/T_b " + probesB);
    assertTrue(fallbacks(echo, "a") == 0, "with echoes a never falls back");
    assertTrue(betaA > 0.5 * muB && betaA < 2 * muB, "beta_a " + betaA + " against mu_b " + muB);
    assertTrue(echoB < probesB - 0.1, "echoes bring b down: " + echoB + " against " + probesB);
  }
}
