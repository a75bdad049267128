package dev.alm.app.drl;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code alm drl}: distributed rate limiting offline (docs/ratelimit.md). */
@Command(
    name = "drl",
    header = "Distributed rate limiting offline: simulate, compare and design (docs/ratelimit.md).",
    mixinStandardHelpOptions = true,
    description =
        "Distributed rate limiting offline: simulate, compare and design (docs/ratelimit.md).",
    subcommands = {
      DrlSimulateCommand.class,
      DrlCompareCommand.class,
      DesignCommand.class,
      SweepCommand.class,
      DrlBenchCommand.class,
      DrlAgentsCommand.class,
      TokenServerCommand.class,
      CentralBenchCommand.class,
      CentralLoadCommand.class,
      KeysCentralCommand.class,
      TokenFloodCommand.class,
      DrlFlowsCommand.class,
      KeysBenchCommand.class
    })
public final class DrlCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "a subcommand is required (see alm drl --help)");
  }
}
