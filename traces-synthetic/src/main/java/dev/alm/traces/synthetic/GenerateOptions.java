package dev.alm.traces.synthetic;

import dev.alm.traces.PartFiles;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options of {@code alm traces generate} and {@code ./alm-spark traces generate} (one set for
 * both, a picocli mixin): the synthetic world and traces ({@link SyntheticConfig}), and the layout
 * and format of the files ({@link TraceLayout}).
 */
public final class GenerateOptions {

  /** The file formats of the traces. */
  public enum Format {
    csv,
    parquet
  }

  @Option(names = "--seed", defaultValue = "1", description = "Seed. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--pops",
      defaultValue = "12",
      description = "PoPs (2-48). Default: ${DEFAULT-VALUE}.")
  int pops;

  @Option(
      names = "--groups",
      defaultValue = "2000",
      description = "User groups. Default: ${DEFAULT-VALUE}.")
  int groups;

  @Option(
      names = "--queries",
      defaultValue = "100000",
      description = "DNS log lines. Default: ${DEFAULT-VALUE}.")
  long queries;

  @Option(
      names = "--rate",
      defaultValue = "500",
      description = "DNS queries per second over all PoPs. Default: ${DEFAULT-VALUE}.")
  double rate;

  @Option(
      names = "--beacon-share",
      defaultValue = "0.3",
      description = "Share of queries for beacon names. Default: ${DEFAULT-VALUE}.")
  double beaconShare;

  @Option(
      names = "--beacon-loss",
      defaultValue = "0.02",
      description = "Share of beacon answers never fetched. Default: ${DEFAULT-VALUE}.")
  double beaconLoss;

  @Option(
      names = "--x",
      defaultValue = "0.9",
      description = "Share of ordinary queries answered with L1. Default: ${DEFAULT-VALUE}.")
  double x;

  @Option(
      names = "--far-resolvers",
      defaultValue = "0.15",
      description = "Share of user groups behind a far public resolver. Default: ${DEFAULT-VALUE}.")
  double far;

  @Option(
      names = "--misroute",
      defaultValue = "0.2",
      description =
          "Share of requests anycast sends past the nearest PoP. Default: ${DEFAULT-VALUE}.")
  double misroute;

  @Option(
      names = "--probes",
      defaultValue = "50000",
      description = "Probe log lines. Default: ${DEFAULT-VALUE}.")
  long probes;

  @Option(
      names = "--vantages",
      defaultValue = "5000",
      description = "Vantage points of the paired observations. Default: ${DEFAULT-VALUE}.")
  long vantages;

  @Option(
      names = "--flash",
      defaultValue = "5",
      description = "Flash crowd factor on the first PoP's demand. Default: ${DEFAULT-VALUE}.")
  double flash;

  @Option(
      names = "--demand-step",
      defaultValue = "10",
      description = "Interval of the demand series, seconds. Default: ${DEFAULT-VALUE}.")
  double demandStep;

  @Option(
      names = "--zone",
      defaultValue = "cdn.example",
      description = "DNS zone. Default: ${DEFAULT-VALUE}.")
  String zone;

  @Option(names = "--gzip", description = "Write CSV traces gzip-compressed (.csv.gz).")
  boolean gzip;

  @Option(
      names = "--format",
      paramLabel = "csv|parquet",
      defaultValue = "csv",
      description = {
        "File format of the DNS, HTTP, probe and paired traces. Default: ${DEFAULT-VALUE}.",
        "parquet is written by ./alm-spark traces generate (./alm hands it over):",
        "the Parquet libraries are not in alm.jar."
      })
  Format format;

  @Option(
      names = "--partitioned",
      description = {
        "Write each of those traces as a directory partitioned by hour (UTC), as a data",
        "lake holds logs: DIR/dns/dt=YYYY-MM-DD/hour=HH/part-NNNNN.csv[.gz|.parquet]."
      })
  boolean partitioned;

  @Option(
      names = "--chunk-lines",
      paramLabel = "N",
      defaultValue = "5000000",
      description =
          "With --partitioned: the most lines of one part file. Default: ${DEFAULT-VALUE}.")
  long chunkLines;

  @Option(
      names = {"-o", "--out"},
      required = true,
      paramLabel = "DIR",
      description = "Output directory.")
  Path out;

  /** The world and traces to generate; an {@link IllegalArgumentException} names a bad option. */
  public SyntheticConfig config() {
    return SyntheticConfig.builder(seed)
        .pops(pops)
        .groups(groups)
        .farResolverShare(far)
        .misrouteShare(misroute)
        .queries(queries)
        .beaconShare(beaconShare)
        .l1Share(x)
        .beaconLoss(beaconLoss)
        .queryRate(rate)
        .probes(probes)
        .vantages(vantages)
        .demandStepSeconds(demandStep)
        .flashFactor(flash)
        .zone(zone)
        .build();
  }

  /**
   * The layout, with {@code parquet} for {@code --format parquet} ({@code null} where it cannot be
   * written); an {@link IllegalArgumentException} names a bad option.
   */
  public TraceLayout layout(PartFiles parquet) {
    if (!partitioned && chunkLines != TraceLayout.DEFAULT_CHUNK_LINES) {
      throw new IllegalArgumentException("--chunk-lines goes with --partitioned");
    }
    PartFiles parts = PartFiles.csv(gzip);
    if (format == Format.parquet) {
      if (parquet == null) {
        throw new IllegalArgumentException(
            "--format parquet is written by ./alm-spark traces generate (Parquet is not in"
                + " alm.jar; the ./alm launcher hands it over)");
      }
      if (gzip) {
        throw new IllegalArgumentException("--gzip is for CSV; Parquet is compressed by itself");
      }
      parts = parquet;
    }
    return new TraceLayout(partitioned, chunkLines, parts);
  }

  public Path out() {
    return out;
  }

  public int pops() {
    return pops;
  }

  /**
   * Writes the traces of {@code config} in {@code layout} into {@link #out()} ({@link
   * GenerateRun}): progress and summary on the command's output and error, timed by the system's
   * monotonic clock.
   */
  public void write(SyntheticConfig config, TraceLayout layout, CommandLine command)
      throws IOException {
    GenerateRun.run(config, layout, out, command.getOut(), command.getErr(), System::nanoTime);
  }
}
