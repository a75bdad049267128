package dev.alm.app;

import dev.alm.app.console.ConsoleCommand;
import dev.alm.app.drl.DrlCommand;
import dev.alm.app.fleet.FleetCommand;
import dev.alm.app.fuzz.FuzzCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code alm} command and its subcommands. */
@Command(
    name = "alm",
    mixinStandardHelpOptions = true,
    version = "alm 0.1.0",
    description = {
      "alm, the anycast load manager: keeps every proxy of an anycast CDN out of overload while sending as",
      "little traffic as possible to the far datacenter (paper 004: FastRoute greedy law and the dual",
      "decomposition algorithm with FastControl probes).",
      "",
      "Topologies (-t/--topology) are a topology JSON file or a builtin:",
      "  builtin:paper-fig2                       the two nodes of section III-B",
      "  builtin:paper-sec5[?load=L&seed=S]       the 48-node setup of section V (eq. 30)",
      "  builtin:synthetic?n=N[&load=L&seed=S]    the same parameters on N nodes",
      ""
    },
    subcommands = {
      SimulateCommand.class,
      OptimumCommand.class,
      StabilityCommand.class,
      CompareCommand.class,
      BenchCommand.class,
      ProxyCommand.class,
      PopCommand.class,
      ClusterCommand.class,
      PredictCommand.class,
      LabCommand.class,
      ExportCommand.class,
      DnsCommand.class,
      CorrelateCommand.class,
      TracesCommand.class,
      DrlCommand.class,
      BenchCorrelateCommand.class,
      FuzzCommand.class,
      ConsoleCommand.class,
      FleetCommand.class,
      picocli.CommandLine.HelpCommand.class
    })
public final class AlmCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a subcommand is required (see alm --help)");
  }
}
