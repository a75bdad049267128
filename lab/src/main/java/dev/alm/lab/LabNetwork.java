package dev.alm.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Builds a {@link LabPlan} on this machine with iproute2 and BIRD 2, and tears any lab down again:
 * namespaces, veth pairs (inside the namespaces: deleting a namespace deletes them), addresses,
 * routes, netem qdiscs (or nftables loss rules where the kernel has no netem), one {@code bird} per
 * BGP speaker with its config, control socket and pid file in the lab's run directory ({@code
 * RUN/NAME/}); closing it tears the lab down ({@link LabTeardown}: only this lab's namespaces, from
 * any half-built state). The host's own interfaces and routes are never touched.
 */
public final class LabNetwork implements AutoCloseable {
  /**
   * The default base of the labs' run directories (BIRD's configs, sockets, pid files and logs):
   * lab N's is {@code /run/alm-lab/N}.
   */
  public static final Path DEFAULT_RUN_DIR = Path.of("/run/alm-lab");

  private final LabPlan plan;
  private final Path runDir;
  private final Consumer<String> log;
  private boolean netem;
  private boolean nftLoss = true;

  private LabNetwork(LabPlan plan, Path runDir, Consumer<String> log) {
    this.plan = plan;
    this.runDir = runDir;
    this.log = log;
  }

  public LabPlan plan() {
    return plan;
  }

  public Path runDir() {
    return runDir;
  }

  /** Whether link delays and loss are applied (the kernel has netem). */
  public boolean netem() {
    return netem;
  }

  /**
   * Tears down whatever this lab ({@link LabPlan#name}) left, then builds the plan and starts BIRD
   * everywhere, its files in {@code runBase/NAME}. On failure everything built so far is torn down
   * and the failure rethrown.
   */
  public static LabNetwork build(LabPlan plan, Path runBase, Consumer<String> log)
      throws IOException {
    LabTeardown.down(plan.name(), runBase, log);
    LabNetwork n = new LabNetwork(plan, plan.name().runDir(runBase), log);
    try {
      n.create();
      return n;
    } catch (RuntimeException | IOException e) {
      LabTeardown.down(plan.name(), runBase, log);
      throw e;
    }
  }

  private void create() throws IOException {
    Files.createDirectories(runDir);
    for (String ns : plan.namespaces()) {
      ip("netns", "add", ns);
      ip("-n", ns, "link", "set", "lo", "up");
      Shell.check(
          Shell.inNamespace(
              ns,
              List.of(
                  "sysctl",
                  "-q",
                  "-w",
                  "net.ipv4.ip_forward=1",
                  "net.ipv4.conf.all.rp_filter=0",
                  "net.ipv4.conf.default.rp_filter=0")));
    }
    netem = true;
    for (LabPlan.Veth v : plan.veths()) {
      ip(
          "link", "add", v.ifA(), "netns", v.nsA(), "type", "veth", "peer", "name", v.ifB(),
          "netns", v.nsB());
      ip("-n", v.nsA(), "addr", "add", v.addrA(), "dev", v.ifA());
      ip("-n", v.nsB(), "addr", "add", v.addrB(), "dev", v.ifB());
      ip("-n", v.nsA(), "link", "set", v.ifA(), "up");
      ip("-n", v.nsB(), "link", "set", v.ifB(), "up");
      if (v.delayMs() > 0 || v.lossPercent() > 0) {
        netem(v.nsA(), v.ifA(), v.delayMs(), v.lossPercent());
        netem(v.nsB(), v.ifB(), v.delayMs(), v.lossPercent());
      }
    }
    for (LabPlan.LoopbackAddress a : plan.loopbacks()) {
      ip("-n", a.ns(), "addr", "add", a.cidr(), "dev", "lo");
    }
    for (LabPlan.DefaultRoute r : plan.defaultRoutes()) {
      ip("-n", r.ns(), "route", "add", "default", "via", r.via(), "src", r.src());
    }
    for (String s : plan.speakers()) {
      writeConfig(s, 0);
      Shell.check(
          Shell.inNamespace(
              plan.ns(s),
              List.of(
                  "bird",
                  "-c",
                  config(s).toString(),
                  "-s",
                  socket(s).toString(),
                  "-P",
                  runDir.resolve(s + ".pid").toString())));
    }
  }

  /**
   * Sets delay and loss on one interface with netem. Once the kernel has refused netem (logged
   * once), loss is set with nftables instead ({@link NftLoss}) and delay is not applied; false when
   * neither could be set.
   */
  public boolean netem(String ns, String dev, double delayMs, double lossPercent) {
    if (netem) {
      Shell.Result r =
          Shell.run(
              Shell.inNamespace(
                  ns,
                  List.of(
                      "tc",
                      "qdisc",
                      "replace",
                      "dev",
                      dev,
                      "root",
                      "netem",
                      "delay",
                      String.format(Locale.ROOT, "%.3fms", delayMs),
                      "loss",
                      String.format(Locale.ROOT, "%.4f%%", lossPercent))),
              10_000);
      if (r.ok()) {
        return true;
      }
      netem = false;
      log.accept(
          "lab: netem unavailable ("
              + r.output().lines().findFirst().orElse("exit " + r.exit())
              + "): links carry no delay; loss through nftables");
    }
    if (!nftLoss) {
      return false;
    }
    String refused = NftLoss.apply(ns, dev, lossPercent);
    if (refused != null) {
      nftLoss = false;
      log.accept("lab: nftables unavailable (" + refused + "): links carry no loss either");
      return false;
    }
    return true;
  }

  private Path config(String speaker) {
    return runDir.resolve(speaker + ".conf");
  }

  /** The control socket of a speaker's BIRD. */
  public Path socket(String speaker) {
    return runDir.resolve(speaker + ".ctl");
  }

  private void writeConfig(String speaker, int prepend) throws IOException {
    Files.writeString(
        config(speaker),
        plan.birdConfig(speaker, runDir.toString(), prepend),
        StandardCharsets.UTF_8);
  }

  /** Runs a birdc command against a speaker's daemon; its output. */
  public String birdc(String speaker, String... command) {
    List<String> c = new ArrayList<>(List.of("birdc", "-s", socket(speaker).toString()));
    c.addAll(List.of(command));
    return Shell.check(c);
  }

  /** Rewrites a PoP's BIRD config with {@code n} prepends and reconfigures it. */
  public void prepend(String pop, int n) throws IOException {
    writeConfig(pop, n);
    birdc(pop, "configure");
  }

  /** Stops (true) or resumes a PoP's announcements of both anycast prefixes. */
  public void withdraw(String pop, boolean withdraw) {
    birdc(pop, withdraw ? "disable" : "enable", LabPlan.DNS_PROTOCOL);
    birdc(pop, withdraw ? "disable" : "enable", LabPlan.HTTP_PROTOCOL);
  }

  /** Sets a link's two ends down (true) or up. */
  public void linkDown(String a, String b, boolean down) {
    LabPlan.Veth v = plan.veth(a, b);
    if (v == null) {
      throw new IllegalArgumentException("no link " + a + "-" + b);
    }
    ip("-n", v.nsA(), "link", "set", v.ifA(), down ? "down" : "up");
    ip("-n", v.nsB(), "link", "set", v.ifB(), down ? "down" : "up");
  }

  /**
   * Waits until every BGP session is Established and every speaker's kernel has routes to both
   * anycast prefixes and every stub network; the seconds it took, or -1 after {@code
   * timeoutMillis}.
   */
  public double awaitConvergence(long timeoutMillis) throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + timeoutMillis * 1_000_000L;
    while (System.nanoTime() < deadline) {
      if (converged(null)) {
        return (System.nanoTime() - start) / 1e9;
      }
      Thread.sleep(100);
    }
    return -1;
  }

  /**
   * Whether the lab has converged: sessions up, routes in the kernels; {@code why} (if not null)
   * receives what is missing.
   */
  public boolean converged(StringBuilder why) {
    for (String s : plan.speakers()) {
      Shell.Result r =
          Shell.run(List.of("birdc", "-s", socket(s).toString(), "show", "protocols"), 5_000);
      if (!r.ok()) {
        note(why, s + ": birdc: " + r.output());
        return false;
      }
      for (String line : r.output().lines().toList()) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 2 && f[1].equals("BGP") && !line.contains("Established")) {
          note(why, s + ": " + f[0] + " not established");
          return false;
        }
      }
      String routes = Shell.run(List.of("ip", "-n", plan.ns(s), "route", "show"), 5_000).output();
      List<String> need = new ArrayList<>();
      if (!plan.topology().isPop(s)) {
        need.add(LabPlan.DNS_PREFIX);
        need.add(LabPlan.HTTP_PREFIX);
      }
      for (int e = 0; e < plan.topology().eyeballs().size(); e++) {
        need.add(LabPlan.eyeballPrefix(e));
      }
      for (int k = 0; k < plan.topology().resolvers().size(); k++) {
        need.add(LabPlan.resolverPrefix(k));
      }
      need.add(LabPlan.DC_PREFIX);
      for (String prefix : need) {
        if (!routes.contains(prefix + " ")) {
          note(why, s + ": no route to " + prefix);
          return false;
        }
      }
    }
    return true;
  }

  private static void note(StringBuilder why, String s) {
    if (why != null) {
      why.setLength(0);
      why.append(s);
    }
  }

  private static String ip(String... args) {
    List<String> c = new ArrayList<>(List.of("ip"));
    c.addAll(List.of(args));
    return Shell.check(c);
  }

  @Override
  public void close() {
    LabTeardown.down(plan.name(), runDir.getParent(), log);
  }
}
