package dev.alm.app;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfigJson;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.HostPort;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyConfigJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm pop}: one PoP daemon, DNS server + proxy + control loop (docs/pop.md). */
@Command(
    name = "pop",
    header = "One PoP daemon: DNS server, HTTP proxy and the control loop that moves x_i.",
    mixinStandardHelpOptions = true,
    description = {
      "Run one PoP: its authoritative DNS server, its HTTP proxy and the control loop that moves x_i every",
      "interval (greedy law or dual with FastControl probes), persisting (x_i, mu_i). /status and /metrics on",
      "the admin address. Runs until interrupted or --duration. Configuration: docs/pop.md."
    })
public final class PopCommand implements Callable<Integer> {
  private static final Set<String> TOP =
      Set.of(
          "topology",
          "algorithm",
          "intervalMs",
          "loadUnit",
          "requestsPerQuery",
          "demandWeight",
          "startX",
          "safeX",
          "maxStep",
          "greedyGain",
          "theta",
          "adaptive",
          "probes",
          "state",
          "stateMaxAgeSeconds",
          "admin",
          "dns",
          "proxy",
          "dnsThreads",
          "settling");
  private static final Set<String> PROBES =
      Set.of("gamma", "betaWeight", "lossRate", "timeoutIntervals");
  private static final Set<String> SETTLING = Set.of("horizon", "floor", "alarmZ", "schedulePrice");

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "The PoP's JSON configuration.")
  Path config;

  @Option(
      names = "--duration",
      description = "Stop after this many seconds (default: run until interrupted).")
  Double duration;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    PopConfig c = read(config);
    PopDaemon d =
        PopDaemon.start(
            c,
            true,
            System::nanoTime,
            System::currentTimeMillis,
            line -> {
              err.println(line);
              err.flush();
            });
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
    spec.commandLine()
        .getOut()
        .printf(
            "pop %s (%s): DNS %s, proxy %s, admin %s%n",
            c.id(),
            c.loop().algorithm().label(),
            d.dnsAddress(),
            d.proxyAddress(),
            d.adminAddress());
    spec.commandLine().getOut().flush();
    if (duration == null) {
      stop.await();
    } else {
      stop.await(Math.round(duration * 1000), TimeUnit.MILLISECONDS);
    }
    d.close();
    return 0;
  }

  /**
   * Reads pop.json; the DNS and proxy settings are the files of alm dns and alm proxy, relative to
   * it.
   */
  static PopConfig read(Path file) throws InputException {
    JsonFields f = JsonFields.read(file).only(TOP);
    Path base = file.toAbsolutePath().getParent();
    if (!f.has("topology") || !f.has("dns") || !f.has("proxy")) {
      throw f.error(!f.has("topology") ? "topology" : !f.has("dns") ? "dns" : "proxy", "required");
    }
    String spec = f.text("topology");
    Topology t =
        BuiltinTopologies.isBuiltin(spec)
            ? BuiltinTopologies.resolve(spec)
            : TopologyJson.read(base.resolve(spec), false).topology();
    DnsConfigJson.DnsFile dns = DnsConfigJson.read(base.resolve(f.text("dns")));
    String id = dns.config().pop();
    int index = t.ids().indexOf(id);
    if (index < 0) {
      throw f.error("dns", "the DNS pop '" + id + "' is not a node of the topology " + t.ids());
    }
    try {
      LoopConfig d =
          LoopConfig.defaults(Algorithm.parse(f.has("algorithm") ? f.text("algorithm") : "dual"));
      double unit = f.has("loadUnit") ? f.number("loadUnit") : 1;
      Path proxyFile = base.resolve(f.text("proxy"));
      ProxyConfig proxy =
          ProxyConfigJson.build(
              ProxyConfigJson.read(proxyFile).pop(id).capacity(t.node(index).capacity() * unit),
              proxyFile.toString());
      JsonFields p = f.has("probes") ? f.object("probes").only(PROBES) : null;
      double gamma =
          p != null && p.has("gamma") ? p.number("gamma") : LoopConfig.DEFAULT_PROBE_GAMMA;
      StepSize step =
          f.has("theta") || f.has("adaptive")
              ? new StepSize.Scaled(
                  f.has("theta") ? f.number("theta") : LoopConfig.DEFAULT_THETA,
                  f.has("adaptive") && f.bool("adaptive"))
              : d.step();
      LoopConfig loop =
          new LoopConfig(
              d.algorithm(),
              f.has("intervalMs") ? Duration.ofMillis(f.integer("intervalMs")) : d.interval(),
              unit,
              f.has("requestsPerQuery") ? f.number("requestsPerQuery") : 1,
              f.has("demandWeight") ? f.number("demandWeight") : d.demandWeight(),
              f.has("startX") ? f.number("startX") : d.startX(),
              f.has("safeX") ? f.number("safeX") : d.safeX(),
              f.has("greedyGain") ? f.number("greedyGain") : d.greedyGain(),
              step,
              new BetaEstimatorConfig(
                  gamma,
                  p != null && p.has("betaWeight") ? p.number("betaWeight") : d.beta().ewmaWeight(),
                  p != null && p.has("lossRate") ? p.number("lossRate") : 0),
              f.has("maxStep") ? f.number("maxStep") : d.maxStep(),
              p != null && p.has("timeoutIntervals")
                  ? (int) p.integer("timeoutIntervals")
                  : d.probeTimeout(),
              f.has("stateMaxAgeSeconds")
                  ? Duration.ofSeconds(f.integer("stateMaxAgeSeconds"))
                  : d.stateMaxAge(),
              settling(
                  f.has("settling") ? f.object("settling").only(SETTLING) : null, d.settling()));
      return new PopConfig(
          t,
          index,
          dns.config(),
          f.has("dnsThreads") ? (int) f.integer("dnsThreads") : 1,
          proxy,
          loop,
          ProbePlanConfig.ofGamma(gamma),
          f.has("state") ? base.resolve(f.text("state")) : null,
          f.has("admin") ? HostPort.parse(f.text("admin")) : null);
    } catch (IllegalArgumentException e) {
      throw new InputException(file.toString(), field(e.getMessage()), e.getMessage());
    }
  }

  /** Settings' messages start with the setting's name; the pop.json field it came from. */
  private static final String[][] FIELDS = {
    {"loadUnit", "loadUnit"},
    {"requestsPerQuery", "requestsPerQuery"},
    {"demandWeight", "demandWeight"},
    {"startX", "startX"},
    {"safeX", "safeX"},
    {"maxStep", "maxStep"},
    {"greedyGain", "greedyGain"},
    {"interval", "intervalMs"},
    {"stateMaxAge", "stateMaxAgeSeconds"},
    {"probeTimeout", "probes.timeoutIntervals"},
    {"gamma", "probes.gamma"},
    {"EWMA weight", "probes.betaWeight"},
    {"loss rate", "probes.lossRate"},
    {"scaled step theta", "theta"},
    {"dnsThreads", "dnsThreads"},
    {"probes.gamma", "probes.gamma"},
    {"settling horizon", "settling.horizon"},
    {"settling floor", "settling.floor"},
    {"settling alarmZ", "settling.alarmZ"}
  };

  private static Settling settling(JsonFields s, Settling d) throws InputException {
    if (s == null) {
      return d;
    }
    return new Settling(
        s.has("horizon") ? (int) s.integer("horizon") : d.horizon(),
        s.has("floor") ? s.number("floor") : d.floor(),
        s.has("alarmZ") ? s.number("alarmZ") : d.alarmZ(),
        s.has("schedulePrice") ? s.bool("schedulePrice") : d.schedulePrice());
  }

  static String field(String message) {
    if (message != null) {
      for (String[] f : FIELDS) {
        if (message.startsWith(f[0] + " ") || message.startsWith(f[0] + ":")) {
          return f[1];
        }
      }
    }
    return "";
  }
}
