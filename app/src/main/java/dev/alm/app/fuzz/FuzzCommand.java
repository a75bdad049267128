package dev.alm.app.fuzz;

import dev.alm.app.UserError;
import dev.alm.proxy.fuzz.HttpParserFuzz;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm fuzz}: seeded mutation fuzzing of the proxy's HTTP parser and every JSON reader. */
@Command(
    name = "fuzz",
    header = "Fuzz the proxy's HTTP parser and every JSON reader with seeded mutations.",
    mixinStandardHelpOptions = true,
    description = {
      "Feeds mutated valid inputs to the proxy's HTTP request path (codec, aggregator, handler, with",
      "Netty's leak detector tracking every buffer) and to the topology, proxy, DNS, PoP and scenario",
      "readers. A finding is an exception other than the reader's one-line refusal, an input slower",
      "than --slow-ms, or a leaked buffer; the run exits 1 if it found any. The same --seed gives the",
      "same inputs. Progress every 100,000 inputs on stderr. Figures: docs/benchmarks.md."
    })
public final class FuzzCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--target",
      defaultValue = "all",
      description = "http, configs or all. Default: ${DEFAULT-VALUE}.")
  String target;

  @Option(
      names = "--inputs",
      defaultValue = "100000",
      description =
          "Inputs per target (each JSON reader is one target). Default: ${DEFAULT-VALUE}.")
  long inputs;

  @Option(names = "--seed", defaultValue = "1", description = "Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--slow-ms",
      defaultValue = "1000",
      description = "An input slower than this counts as a hang. Default: ${DEFAULT-VALUE}.")
  long slowMs;

  @Override
  public Integer call() throws Exception {
    if (inputs < 1 || inputs > 100_000_000) {
      throw new UserError("--inputs: must be in 1..100000000, got " + inputs);
    }
    if (slowMs < 1) {
      throw new UserError("--slow-ms: must be >= 1, got " + slowMs);
    }
    boolean http = target.equals("http") || target.equals("all");
    boolean configs = target.equals("configs") || target.equals("all");
    if (!http && !configs) {
      throw new UserError("--target: expected http, configs or all, got '" + target + "'");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long slowNanos = TimeUnit.MILLISECONDS.toNanos(slowMs);
    boolean clean = true;
    out.println("target     inputs  inputs/s  accepted   refused  findings  slow  leaks");
    if (http) {
      HttpParserFuzz.Result r =
          HttpParserFuzz.run(inputs, seed, slowNanos, n -> progress(err, "http", n));
      out.printf(
          Locale.ROOT,
          "%-9s %8d %9.0f %9s %9s %9d %5d %6d%n",
          "http",
          r.inputs(),
          r.inputs() / r.seconds(),
          "-",
          "-",
          r.escaped(),
          r.slow(),
          r.leaks());
      r.examples().forEach(e -> out.println("  " + e));
      clean &= r.clean();
    }
    if (configs) {
      Path dir = Files.createTempDirectory("alm-fuzz");
      try {
        for (ConfigFuzz.Target t : ConfigFuzz.Target.values()) {
          String name = t.name().toLowerCase(Locale.ROOT);
          ConfigFuzz.Result r =
              ConfigFuzz.run(t, inputs, seed, slowNanos, dir, n -> progress(err, name, n));
          out.printf(
              Locale.ROOT,
              "%-9s %8d %9.0f %9d %9d %9d %5d %6s%n",
              name,
              r.inputs(),
              r.inputs() / r.seconds(),
              r.accepted(),
              r.refused(),
              r.findings(),
              r.slow(),
              "-");
          r.examples().forEach(e -> out.println("  " + e));
          clean &= r.findings() == 0 && r.slow() == 0;
        }
      } finally {
        try (var files = Files.list(dir)) {
          for (Path p : files.toList()) {
            Files.deleteIfExists(p);
          }
        }
        Files.deleteIfExists(dir);
      }
    }
    out.println(
        clean ? "no findings" : "FINDINGS: see the inputs above (replay with the same --seed)");
    out.flush();
    return clean ? 0 : 1;
  }

  private static void progress(PrintWriter err, String target, long n) {
    err.printf(Locale.ROOT, "fuzz %s: %,d inputs%n", target, n);
    err.flush();
  }
}
