package dev.alm.app;

import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticTraces;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm traces generate}: synthetic traces with ground truth (docs/trace-formats.md). */
@Command(
    name = "generate",
    header = "Seeded synthetic DNS, HTTP, probe and paired traces with their true C.",
    mixinStandardHelpOptions = true,
    description = {
      "Write seeded synthetic traces with a known C: PoPs at real cities, user groups around them (some",
      "behind far public resolvers), anycast catchments with mis-routing. Writes DIR/C_true.csv (the true C),",
      "DIR/pops.csv, DIR/dns.csv and DIR/http.csv (beacon and ordinary traffic), DIR/probes.csv,",
      "DIR/paired.csv (services dns-anycast and http-anycast) and DIR/demand.csv (a flash crowd at the first",
      "PoP from 50%% to 60%% of the span). The same options always write the same files."
    })
public final class TracesGenerateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

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

  @Option(names = "--gzip", description = "Write the traces gzip-compressed (.csv.gz).")
  boolean gzip;

  @Option(
      names = {"-o", "--out"},
      required = true,
      paramLabel = "DIR",
      description = "Output directory.")
  Path out;

  @Override
  public Integer call() throws Exception {
    SyntheticConfig config;
    try {
      config =
          SyntheticConfig.builder(seed)
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
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    Outputs.directory(out);
    long start = System.nanoTime();
    SyntheticTraces.Written w = new SyntheticTraces(config).writeAll(out, gzip);
    PrintWriter o = spec.commandLine().getOut();
    o.printf(Locale.ROOT, "wrote %s (true C, %d PoPs), %s%n", w.truth(), pops, w.pops());
    o.printf(
        Locale.ROOT,
        "  %s: %d lines (%d beacons), %s: %d lines, over %.1f s of trace%n",
        w.dns(),
        w.dnsLines(),
        w.beacons(),
        w.http(),
        w.httpLines(),
        w.spanMillis() / 1000.0);
    o.printf(
        Locale.ROOT,
        "  %s: %d lines, %s: %d lines, %s: %d lines%n",
        w.probes(),
        w.probeLines(),
        w.paired(),
        w.pairedLines(),
        w.demand(),
        w.demandLines());
    o.printf(Locale.ROOT, "in %.2f s%n", (System.nanoTime() - start) / 1e9);
    return 0;
  }
}
