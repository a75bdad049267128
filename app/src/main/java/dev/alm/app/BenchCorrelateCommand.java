package dev.alm.app;

import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.CorrelationRun;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.traces.ReadReport;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticTraces;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm bench-correlate}: speed and memory of the beacon-join estimator on generated logs. */
@Command(
    name = "bench-correlate",
    header = "Lines/s and memory of the beacon-join estimator on generated logs.",
    mixinStandardHelpOptions = true,
    description = {
      "Generate (once, kept in --dir) a DNS query log and HTTP access log pair of about --lines lines in",
      "total (30%% beacons, the rest ordinary traffic, 48 PoPs, 2,000 queries/s), then run the beacon-join",
      "estimator on it in one thread and print lines/s, the most beacons waiting at once, and the peak heap.",
      "Run it with a small heap (java -Xmx64m -jar app/target/alm.jar bench-correlate ...) to see that",
      "memory does not depend on the length of the logs."
    })
public final class BenchCorrelateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--lines",
      split = ",",
      defaultValue = "1000000,10000000",
      description =
          "Total lines of each log pair to measure, comma separated. Default: ${DEFAULT-VALUE}.")
  long[] lines;

  @Option(
      names = "--dir",
      defaultValue = "out/bench-correlate",
      description = "Where the generated logs are kept. Default: ${DEFAULT-VALUE}.")
  Path dir;

  @Option(
      names = "--repeat",
      defaultValue = "3",
      description = "Timed runs per size. Default: ${DEFAULT-VALUE}.")
  int repeat;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    BenchMachine.print(o);
    for (long total : lines) {
      // L1 answers are fetched: 30% beacons (2% lost) + 70% ordinary x 0.9 -> 0.924 HTTP lines per
      // DNS line
      long queries = Math.round(total / (1 + 0.3 * 0.98 + 0.7 * 0.9));
      SyntheticConfig config =
          SyntheticConfig.builder(1)
              .pops(48)
              .groups(5000)
              .queries(queries)
              .beaconShare(0.3)
              .l1Share(0.9)
              .beaconLoss(0.02)
              .queryRate(2000)
              .probes(0)
              .vantages(0)
              .demandStepSeconds(10)
              .flashFactor(1)
              .build();
      Path d = dir.resolve("lines-" + total);
      Path dns = d.resolve("dns.csv");
      Path http = d.resolve("http.csv");
      if (!Files.exists(dns) || !Files.exists(http)) {
        Files.createDirectories(d);
        long t0 = System.nanoTime();
        new SyntheticTraces(config).writeDnsHttp(dns, http);
        o.printf(
            Locale.ROOT,
            "generated %s and %s in %.1f s%n",
            dns,
            http,
            (System.nanoTime() - t0) / 1e9);
      }
      for (int r = 0; r < repeat; r++) {
        resetPeaks();
        ReadReport report = new ReadReport(false);
        LabelIndex labels = new LabelIndex(LabelFolding.identity(), Set.of());
        long t0 = System.nanoTime();
        long cpu0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        CorrelationRun.Result res =
            CorrelationRun.run(
                CorrelationInputs.beacon(List.of(dns), List.of(http), 60_000),
                labels,
                List.of(),
                report,
                null);
        double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0) / 1e9;
        double s = (System.nanoTime() - t0) / 1e9;
        o.printf(
            Locale.ROOT,
            "%,d lines (%,d DNS + %,d HTTP, %,d joined): %.2f s wall, %.2f s CPU of the thread; "
                + "%.2f million lines/s wall, %.2f per CPU second; max %,d beacons waiting, peak heap %d MB%n",
            report.lines(),
            res.stats().get("dnsRecords"),
            res.stats().get("httpRecords"),
            res.stats().get("joined"),
            s,
            cpu,
            report.lines() / s / 1e6,
            report.lines() / cpu / 1e6,
            res.stats().get("maxPending"),
            peakHeap() >> 20);
        o.flush();
      }
    }
    return 0;
  }

  private static void resetPeaks() {
    System.gc();
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
      }
    }
  }

  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        sum += p.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
