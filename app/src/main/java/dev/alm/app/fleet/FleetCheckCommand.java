package dev.alm.app.fleet;

import dev.alm.pop.fleet.FleetCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code alm fleet check DIR}: a laid-out fleet's problems, one line each ({@link FleetCheck}). */
@Command(
    name = "check",
    header = "Check a laid-out fleet before it ships: one line per problem, exit code 1 if any.",
    mixinStandardHelpOptions = true,
    description = {
      "Reads DIR/fleet.json and every PoP's pop.json as alm pop does, then checks the fleet as a whole:",
      "one gamma and one zone, private key files with one probe key and one gossip key, no address used",
      "twice, every PoP a node of the topology, DRL seeds that are some PoP's SWIM address, TTL <= 2 intervals."
    })
public final class FleetCheckCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DIR", description = "The fleet's directory (alm fleet init --out).")
  Path dir;

  @Override
  public Integer call() {
    List<String> problems = FleetCheck.check(dir);
    PrintWriter out = spec.commandLine().getOut();
    problems.forEach(out::println);
    if (problems.isEmpty()) {
      out.println(dir + ": no problems");
      return 0;
    }
    spec.commandLine()
        .getErr()
        .println("alm fleet check: " + problems.size() + " problem(s) in " + dir);
    return 1;
  }
}
