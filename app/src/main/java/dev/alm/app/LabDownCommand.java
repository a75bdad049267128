package dev.alm.app;

import dev.alm.lab.LabCheck;
import dev.alm.lab.LabName;
import dev.alm.lab.LabTeardown;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm lab down}. */
@Command(
    name = "down",
    mixinStandardHelpOptions = true,
    header =
        "Remove whatever a lab left (its NAME-* namespaces, their processes, BIRD's files); safe"
            + " twice.")
public final class LabDownCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--name",
      defaultValue = LabName.DEFAULT,
      description = "The lab to remove; other labs are not touched. Default: ${DEFAULT-VALUE}.")
  String name;

  @Option(
      names = "--all",
      description = "Remove every lab: the default one and each with a directory in RUN-DIR.")
  boolean all;

  @Option(
      names = "--run-dir",
      defaultValue = "/run/alm-lab",
      description = "The labs' run directories. Default: ${DEFAULT-VALUE}.")
  Path runDir;

  @Override
  public Integer call() {
    LabName lab;
    try {
      lab = new LabName(name);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    if (all && spec.commandLine().getParseResult().hasMatchedOption("--name")) {
      throw new UserError("--all and --name: give one");
    }
    if (!LabCheck.root()) {
      spec.commandLine().getErr().println("alm lab down: needs root");
      return 2;
    }
    String said =
        all
            ? LabTeardown.downAll(runDir, line -> {})
            : lab + ": " + LabTeardown.down(lab, runDir, line -> {});
    spec.commandLine().getOut().println("alm lab down: " + said);
    return 0;
  }
}
