package dev.alm.correlation.spark;

import dev.alm.traces.synthetic.GenerateOptions;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.TraceLayout;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ./alm-spark traces generate}: {@code alm traces generate} with the same options, able to
 * write Parquet ({@code --format parquet}), which alm.jar cannot (its Parquet and Hadoop libraries
 * come with Spark). Runs in one JVM, no Spark session: the files are written in order, one part at
 * a time.
 */
@Command(
    name = "alm-spark traces generate",
    mixinStandardHelpOptions = true,
    description = {
      "Seeded synthetic DNS, HTTP, probe and paired traces with their true C, as alm traces generate",
      "writes them, in CSV or Parquet (--format parquet), as files or (--partitioned) directories",
      "DIR/dns/dt=YYYY-MM-DD/hour=HH/part-NNNNN.parquet of at most --chunk-lines lines each. See",
      "docs/correlation/spark.md."
    })
public final class TracesGenerate implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin GenerateOptions options;

  public static void main(String[] args) {
    System.exit(Cli.run(new TracesGenerate(), args));
  }

  @Override
  public Integer call() throws Exception {
    SyntheticConfig config;
    TraceLayout layout;
    try {
      config = options.config();
      layout = options.layout(new ParquetParts());
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("alm-spark traces generate: " + e.getMessage());
      return 2;
    }
    options.write(config, layout, spec.commandLine());
    return 0;
  }
}
