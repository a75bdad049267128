package dev.alm.app;

import dev.alm.traces.synthetic.GenerateOptions;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.TraceLayout;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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
      "PoP from 50%% to 60%% of the span). The same options always write the same files. At scale",
      "(billions of lines) use --partitioned: the logs go out in part files of --chunk-lines lines under",
      "dt=.../hour=... directories in constant memory, with progress on stderr every 10 s; --format",
      "parquet writes Parquet (through ./alm-spark, see docs/correlation.md)."
    })
public final class TracesGenerateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin GenerateOptions options;

  @Override
  public Integer call() throws Exception {
    SyntheticConfig config;
    TraceLayout layout;
    try {
      config = options.config();
      layout = options.layout(null);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    Outputs.directory(options.out());
    options.write(config, layout, spec.commandLine());
    return 0;
  }
}
