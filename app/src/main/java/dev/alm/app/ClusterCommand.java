package dev.alm.app;

import dev.alm.app.console.FleetConsole;
import dev.alm.cluster.Cluster;
import dev.alm.cluster.ClusterConfig;
import dev.alm.cluster.ClusterRun;
import dev.alm.cluster.ClusterSummary;
import dev.alm.cluster.CustomerLoad;
import dev.alm.cluster.CustomerLoadsJson;
import dev.alm.cluster.Drill;
import dev.alm.cluster.UserConnections;
import dev.alm.controller.model.Topology;
import dev.alm.io.InputException;
import dev.alm.loadgen.KeepAlive;
import dev.alm.node.ConfigFlags;
import dev.alm.node.DurationText;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.LimitMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm cluster}: a whole CDN on loopback, live, with real DNS queries and HTTP requests. */
@Command(
    name = "cluster",
    header = "A whole CDN live on loopback: one PoP per node, a datacenter and users (the demo).",
    mixinStandardHelpOptions = true,
    resourceBundle = "dev.alm.app.LiveControllerOptions$Cluster",
    description = {
      "Run one PoP per topology node on loopback (DNS server, proxy and control loop each, on 127.0.1.N),",
      "a datacenter L2 on 127.0.2.1, and users behind resolvers that send real DNS queries (honouring TTLs),",
      "follow the answer to L1 (the proxy anycast picks, drawn from row i of C) or L2, and send FastControl",
      "beacons and probes. Prints a live table; writes DIR/summary.json, DIR/samples.csv and DIR/cluster.png",
      "(x_i(t) and S_i(t)/T_i). Everything stops after --duration. See docs/cluster.md."
    })
public final class ClusterCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin LiveControllerOptions law;

  @Mixin FleetOptions fleet;

  @Option(
      names = {"-o", "--out"},
      defaultValue = "out/cluster",
      description = "Output directory. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Users' random seed. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--restart",
      paramLabel = "POP:SECONDS",
      description =
          "Drill: restart POP's daemon at SECONDS into the run, on the same addresses; it restores x and mu "
              + "from its state file (DIR/state/POP.json). Repeatable.")
  List<String> restarts = new ArrayList<>();

  @Option(
      names = "--kill-proxy",
      paramLabel = "POP:SECONDS",
      description =
          "Drill: close POP's proxy at SECONDS into the run; its DNS server and loop stay up and fall back "
              + "to the safe x. Repeatable.")
  List<String> kills = new ArrayList<>();

  @Option(names = "--quiet", description = "No live table.")
  boolean quiet;

  @Option(
      names = "--ui",
      paramLabel = "ADDR:PORT",
      description = {
        "Serve the fleet console at this loopback address while the run lasts (e.g. 127.0.0.1:9400):",
        "every PoP's x_i, S_i/T_i and price live, C as a heat map, drills and flash crowds marked,",
        "the summary at the end (docs/console.md). Default: off."
      })
  String ui;

  @Option(
      names = "--customers",
      paramLabel = "FILE|builtin:two-customers",
      description =
          "Rate-limited customers and their users (docs/cluster.md, \"Customers\"): each"
              + " customer's global limit is enforced by every PoP's proxy; builtin:two-customers"
              + " moves one customer's demand to 4 PoPs for 30 s (paper 001 Fig. 9). Writes"
              + " customers.csv and customers.png besides. Default: none.")
  String customers;

  @Option(
      names = "--customer-mode",
      defaultValue = "drl",
      paramLabel = "drl|independent|static|central",
      description =
          "How the proxies share each customer's limit: drl (the PoPs' DRL agents divide it by"
              + " gossip), independent (every PoP enforces the whole limit), static (L/N each),"
              + " central (every request asks one bucket per customer in a redis-server the run"
              + " starts on loopback; needs redis-server). Default: ${DEFAULT-VALUE}.")
  String customerMode;

  @Option(
      names = "--stop-central",
      paramLabel = "SECONDS",
      description =
          "With --customer-mode central: stop the redis-server this many seconds into the run, to"
              + " show what a failing central store does (its clients fail open after 50 ms).")
  Double stopCentral;

  @Option(
      names = "--keep-alive-share",
      paramLabel = "SHARE",
      defaultValue = "0",
      description =
          "The share of each PoP's requests sent by users that keep their connection and ask the"
              + " DNS again only when the proxy closes it (browsers, connection pools). Default:"
              + " ${DEFAULT-VALUE}: every request asks its resolver cache.")
  double keepAliveShare;

  @Option(
      names = "--max-connection-age",
      paramLabel = "DURATION",
      defaultValue = "4s",
      description =
          "The proxies' limits.maxConnectionAgeMs: a connection this old is closed after its next"
              + " response, so its user asks the DNS again (0: never; docs/proxy-node.md"
              + " \"Connection age\"). Default: ${DEFAULT-VALUE}.")
  String maxConnectionAge;

  @Option(
      names = "--no-probe-auth",
      description =
          "Hand out and count unsigned probes, as a fleet without a probe key does (to show what"
              + " forged probes do). Default: every run signs probes with a fresh random key,"
              + " written to OUT/state/probe.key.")
  boolean noProbeAuth;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Topology t = fleet.topology();
    ClusterConfig c = config(t);
    Outputs.directory(out);
    o.printf(
        Locale.ROOT,
        "alm cluster: %d PoPs of %s, %s, %s; %.0f requests/s of demand, %.0f beacons/s%n",
        t.size(),
        fleet.topology,
        c.algorithm().label(),
        fleet.duration,
        sum(t.demands()) * fleet.loadUnit,
        c.beaconRate() * t.size());
    o.flush();
    boolean wide = t.size() > 6;
    ClusterFleetView view = ClusterFleetView.of(c);
    FleetConsole console = console(o, c, view);
    ClusterRun run;
    try {
      run =
          Cluster.run(
              c,
              samples -> {
                view.interval(samples);
                if (!quiet) {
                  ClusterLiveTable.printRow(o, samples, wide);
                }
              },
              line -> {
                err.println(line);
                err.flush();
              });
    } catch (RuntimeException | IOException | InterruptedException e) {
      if (console != null) {
        console.close();
      }
      throw e;
    }
    ClusterSummary summary = ClusterOutputs.write(o, out, fleet.topology, t, c, run);
    if (console != null) {
      view.finished(ClusterOutputs.finishedLine(run, summary));
      Thread.sleep(2 * c.interval().toMillis() + 200); // open pages receive the summary
      console.close();
    }
    o.printf(
        "wrote %s, %s and %s%n",
        out.resolve("summary.json"), out.resolve("samples.csv"), out.resolve("cluster.png"));
    return 0;
  }

  /** The run's settings from the options; a bad one is a one-line {@link UserError}. */
  private ClusterConfig config(Topology t) throws InputException {
    fleet.warnOfInterval(spec.commandLine().getErr(), "alm cluster");
    LimitMode mode = LimitMode.of(customerMode);
    if (mode == null) {
      throw new UserError(
          "--customer-mode: expected drl, independent, static or central, got '"
              + customerMode
              + "'");
    }
    List<CustomerLoad> loads = List.of();
    if (customers != null) {
      double capacity = 0;
      for (int i = 0; i < t.size(); i++) {
        capacity += t.node(i).capacity() * fleet.loadUnit;
      }
      try {
        loads = CustomerLoadsJson.read(customers, t.ids(), capacity);
      } catch (InputException e) {
        throw new UserError(e.getMessage());
      }
    }
    try {
      return fleet
          .builder(t, law)
          .customers(loads)
          .customerMode(mode)
          .centralStopSeconds(stopCentral == null ? Double.NaN : stopCentral)
          .seed(seed)
          .drills(drills())
          .stateDir(out.resolve("state"))
          .probeAuth(!noProbeAuth)
          .connections(connections())
          .build();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** The fleet console at {@code --ui}, started and announced, or null without the option. */
  private FleetConsole console(PrintWriter o, ClusterConfig c, ClusterFleetView view)
      throws InterruptedException {
    if (ui == null) {
      return null;
    }
    HostPort at;
    try {
      at = HostPort.parse(ui);
    } catch (IllegalArgumentException e) {
      throw new UserError("--ui: " + e.getMessage());
    }
    FleetConsole console;
    try {
      console =
          FleetConsole.start(
              at,
              "alm cluster: " + fleet.topology + ", " + c.algorithm().label(),
              view,
              c.interval());
    } catch (IllegalArgumentException e) {
      throw new UserError("--ui: " + e.getMessage());
    }
    o.printf(
        "alm cluster: console at http://%s:%d/%n",
        console.address().getHostString(), console.address().getPort());
    o.flush();
    return console;
  }

  private List<Drill> drills() {
    List<Drill> d = new ArrayList<>();
    restarts.forEach(r -> d.add(Drill.parse(Drill.Kind.RESTART, r)));
    kills.forEach(k -> d.add(Drill.parse(Drill.Kind.KILL_PROXY, k)));
    return d;
  }

  /** The users' connections and the proxies' connection age from the two options. */
  private UserConnections connections() throws InputException {
    String problem = KeepAlive.shareProblem(keepAliveShare);
    if (problem != null) {
      throw new UserError("--keep-alive-share: " + problem);
    }
    return new UserConnections(
        new KeepAlive(keepAliveShare, KeepAlive.DEFAULT_CLIENTS),
        ConfigFlags.parse("--max-connection-age", maxConnectionAge, DurationText::parseOrZero));
  }

  static Duration parseDuration(String option, String s) throws InputException {
    return ConfigFlags.parse(option, s, DurationText::parse);
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double d : v) {
      s += d;
    }
    return s;
  }
}
