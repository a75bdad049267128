package dev.alm.app;

import dev.alm.lab.LabCheck;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code alm lab check}. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    header = "Whether this machine can run the lab (root, iproute2, bird2); exit 0 or 2.")
public final class LabCheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    List<String> missing = LabCheck.missing();
    PrintWriter o = spec.commandLine().getOut();
    if (missing.isEmpty()) {
      o.println(
          "alm lab check: ok (root, ip, bird, birdc"
              + (LabCheck.tc()
                  ? ", tc; netem is tried when a lab is built"
                  : "; no tc: links carry no delay")
              + ")");
      return 0;
    }
    o.println("alm lab check: missing " + String.join(", ", missing));
    return 2;
  }
}
