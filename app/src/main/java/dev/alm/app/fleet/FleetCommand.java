package dev.alm.app.fleet;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm fleet}: lay out and check a fleet's files (docs/operations/deploying.md, "Deploying").
 */
@Command(
    name = "fleet",
    header = "Lay out a fleet of PoPs and check it before it ships (docs/operations/deploying.md).",
    mixinStandardHelpOptions = true,
    description =
        "Lay out a fleet of PoPs and check it before it ships (docs/operations/deploying.md).",
    subcommands = {FleetInitCommand.class, FleetCheckCommand.class})
public final class FleetCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "a subcommand is required (see alm fleet --help)");
  }
}
