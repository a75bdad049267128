package dev.alm.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code alm traces}: trace tools (docs/trace-formats.md). */
@Command(
    name = "traces",
    header = "Trace tools: generate synthetic traces with a known correlation matrix.",
    mixinStandardHelpOptions = true,
    description = "Trace tools: generate synthetic traces with a known correlation matrix.",
    subcommands = {TracesGenerateCommand.class})
public final class TracesCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "a subcommand is required (see alm traces --help)");
  }
}
