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
 * both, a picocli mixin): the traces (one kind), which services a paired trace pairs, the pairing
 * or join window, label folding, the known PoPs, the prior, the intervals' level and the drift
 * tests' level. Each getter checks its option; an {@link IllegalArgumentException} names a bad one.
 */
public final class CorrelateOptions {

  @Option(
      names = "--paired",
      paramLabel = "PATH",
      split = ",",
      description = "Paired observations timestamp,vantage_id,service,site (gzip accepted).")
  List<String> paired = new ArrayList<>();

  @Option(
      names = "--dns",
      paramLabel = "PATH",
      split = ",",
      description = "DNS query logs (beacon join).")
  List<String> dns = new ArrayList<>();

  @Option(
      names = "--http",
      paramLabel = "PATH",
      split = ",",
      description = "HTTP access logs (beacon join).")
  List<String> http = new ArrayList<>();

  @Option(
      names = "--probes",
      paramLabel = "PATH",
      split = ",",
      description = "FastControl probe logs.")
  List<String> probes = new ArrayList<>();

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

  /** Whether any trace is given. */
  public boolean anyTrace() {
    return !paired.isEmpty() || !dns.isEmpty() || !http.isEmpty() || !probes.isEmpty();
  }

  /**
   * The kind of trace given; fails unless exactly one kind is, and unless both services are given
   * with paired observations and neither without.
   */
  public CorrelationInputs.Kind kind() {
    boolean beacons = !dns.isEmpty() || !http.isEmpty();
    if ((paired.isEmpty() ? 0 : 1) + (beacons ? 1 : 0) + (probes.isEmpty() ? 0 : 1) != 1) {
      throw new IllegalArgumentException(
          "give exactly one kind of trace: --paired, --dns with --http, or --probes");
    }
    if (!paired.isEmpty() && (dnsService == null || httpService == null)) {
      throw new IllegalArgumentException("--paired needs --dns-service and --http-service");
    }
    if (paired.isEmpty() && (dnsService != null || httpService != null)) {
      throw new IllegalArgumentException("--dns-service and --http-service go with --paired");
    }
    return beacons
        ? CorrelationInputs.Kind.BEACON
        : paired.isEmpty() ? CorrelationInputs.Kind.PROBES : CorrelationInputs.Kind.PAIRED;
  }

  /** The paired observations' paths, in the order given. */
  public List<String> paired() {
    return List.copyOf(paired);
  }

  /** The DNS query logs' paths. */
  public List<String> dns() {
    return List.copyOf(dns);
  }

  /** The HTTP access logs' paths. */
  public List<String> http() {
    return List.copyOf(http);
  }

  /** The probe logs' paths. */
  public List<String> probes() {
    return List.copyOf(probes);
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
