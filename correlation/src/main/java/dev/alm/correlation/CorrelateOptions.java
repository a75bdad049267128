package dev.alm.correlation;

import dev.alm.io.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The estimator's options of {@code alm correlate} and {@code ./alm-spark correlate} (one set for
 * both, a picocli mixin): which services a paired trace pairs, the pairing or join window, label
 * folding, the known PoPs, the prior, the intervals' level and the drift tests' level. Each getter
 * checks its option; an {@link IllegalArgumentException} names a bad one.
 */
public final class CorrelateOptions {

  @Option(
      names = "--dns-service",
      paramLabel = "NAME",
      description = "With --paired: the service taken as DNS layer.")
  String dnsService;

  @Option(
      names = "--http-service",
      paramLabel = "NAME",
      description = "With --paired: the service taken as HTTP layer.")
  String httpService;

  @Option(
      names = "--window",
      paramLabel = "SECONDS",
      defaultValue = "300",
      description =
          "Pairing window (--paired) or join window (beacons), seconds. Default: ${DEFAULT-VALUE}.")
  double windowSeconds;

  @Option(
      names = "--fold",
      paramLabel = "metro|FILE",
      description =
          "Fold labels: 'metro' (Quad9 sibling sites to their IATA code: qfra3, fra2 -> fra) or a "
              + "local CSV label,node mapping file (empty node drops the label).")
  String fold;

  @Option(
      names = "--pops",
      paramLabel = "ID",
      split = ",",
      description =
          "The known PoP ids; samples naming another id (after folding) are bad lines. Default: any.")
  List<String> pops = new ArrayList<>();

  @Option(
      names = "--prior-mass",
      paramLabel = "A",
      defaultValue = "1",
      description =
          "Dirichlet prior mass per row: C_ij = (n_ij + A/N)/(n_i + A). Default: ${DEFAULT-VALUE}.")
  double priorMass;

  @Option(
      names = "--confidence",
      defaultValue = "0.95",
      description = "Level of the per-entry intervals. Default: ${DEFAULT-VALUE}.")
  double confidence;

  @Option(
      names = "--alpha",
      defaultValue = "0.01",
      description = "Drift: family-wise level of the per-row tests. Default: ${DEFAULT-VALUE}.")
  double alpha;

  /** Fails unless exactly one kind of trace is given. */
  public static void oneKind(boolean paired, boolean beacons, boolean probes) {
    if ((paired ? 1 : 0) + (beacons ? 1 : 0) + (probes ? 1 : 0) != 1) {
      throw new IllegalArgumentException(
          "give exactly one kind of trace: --paired, --dns with --http, or --probes");
    }
  }

  /** Fails unless both services are given with paired observations, and neither without. */
  public void checkServices(boolean paired) {
    if (paired && (dnsService == null || httpService == null)) {
      throw new IllegalArgumentException("--paired needs --dns-service and --http-service");
    }
    if (!paired && (dnsService != null || httpService != null)) {
      throw new IllegalArgumentException("--dns-service and --http-service go with --paired");
    }
  }

  public String dnsService() {
    return dnsService;
  }

  public String httpService() {
    return httpService;
  }

  /** The pairing or join window, milliseconds. */
  public long windowMillis() {
    if (!(windowSeconds >= 0) || Double.isInfinite(windowSeconds)) {
      throw new IllegalArgumentException("--window must be a number of seconds >= 0");
    }
    return Math.round(windowSeconds * 1000);
  }

  /** The label folding: none, metro, or a mapping file's. */
  public LabelFolding folding() throws InputException {
    if (fold == null) {
      return LabelFolding.identity();
    }
    return fold.equals("metro") ? LabelFolding.metro() : LabelFolding.mapping(Path.of(fold));
  }

  /** The known PoP ids, in the order given; empty: any. */
  public Set<String> pops() {
    return new LinkedHashSet<>(pops);
  }

  public Smoothing smoothing() {
    return new Smoothing(priorMass);
  }

  /** The level of the per-entry intervals, in (0, 1). */
  public double confidence() {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("--confidence must be in (0, 1), got " + confidence);
    }
    return confidence;
  }

  /** The family-wise level of the drift tests, in (0, 1). */
  public double alpha() {
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("--alpha must be in (0, 1), got " + alpha);
    }
    return alpha;
  }
}
