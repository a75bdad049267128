package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code alm cluster} and {@code alm lab} share the controller options, each with its defaults. */
class LiveControllerOptionsTest {

  private static CommandLine sub(String name) {
    return Main.configure(new CommandLine(new AlmCommand())).getSubcommands().get(name);
  }

  /** Parses {@code alm NAME ARGS} from the top, as Main does, and returns NAME's options. */
  private static LiveControllerOptions parse(String name, String... args) {
    CommandLine alm = Main.configure(new CommandLine(new AlmCommand()));
    String[] all = new String[args.length + 1];
    all[0] = name;
    System.arraycopy(args, 0, all, 1, args.length);
    alm.parseArgs(all);
    Object cmd = alm.getSubcommands().get(name).getCommand();
    return cmd instanceof ClusterCommand ? ((ClusterCommand) cmd).law : ((LabCommand) cmd).law;
  }

  private static String description(CommandLine cl, String option) {
    return String.join(" ", cl.getCommandSpec().findOption(option).description());
  }

  @Test
  void eachCommandKeepsItsDefaults() {
    assertDefaults(parse("cluster"), 15);
    assertDefaults(parse("lab"), 5);
  }

  /** The defaults both commands share, and the command's own gamma. */
  private static void assertDefaults(LiveControllerOptions o, double gamma) {
    assertEquals("dual", o.algorithm);
    assertEquals(gamma, o.gamma);
    assertEquals(0.15, o.theta);
    assertEquals(2, o.gain);
    assertEquals(0.3, o.startX);
  }

  @Test
  void bothParseTheSameNames() {
    for (String name : new String[] {"cluster", "lab"}) {
      LiveControllerOptions o =
          parse(
              name,
              "-a",
              "greedy",
              "--gamma",
              "7",
              "--theta",
              "0.4",
              "--gain",
              "3",
              "--start-x",
              "0.6");
      assertEquals("greedy", o.algorithm, name);
      assertEquals(7, o.gamma, name);
      assertEquals(0.4, o.theta, name);
      assertEquals(3, o.gain, name);
      assertEquals(0.6, o.startX, name);
    }
  }

  @Test
  void eachCommandKeepsItsHelpTexts() {
    CommandLine cluster = sub("cluster");
    assertEquals("Probe gain gamma (eq. 19-20). Default: 15.", description(cluster, "--gamma"));
    assertEquals(
        "The dual's scaled price step (eq. 17), no adaptation. Default: 0.15.",
        description(cluster, "--theta"));
    assertEquals(
        "Greedy gain (eq. 24), per load unit per second. Default: 2.",
        description(cluster, "--gain"));
    assertEquals("Every PoP's x at start. Default: 0.3.", description(cluster, "--start-x"));
    CommandLine lab = sub("lab");
    assertEquals("Probe gain. Default: 5.", description(lab, "--gamma"));
    assertEquals("Dual step. Default: 0.15.", description(lab, "--theta"));
    assertEquals("Greedy gain. Default: 2.", description(lab, "--gain"));
    assertEquals("Start x. Default: 0.3.", description(lab, "--start-x"));
    assertEquals("greedy or dual. Default: dual.", description(lab, "--algorithm"));
  }
}
