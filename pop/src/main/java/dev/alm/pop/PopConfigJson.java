package dev.alm.pop;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfigJson;
import dev.alm.drl.agent.DrlConfig;
import dev.alm.drl.agent.DrlConfigJson;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyConfigJson;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.function.DoubleConsumer;
import java.util.function.Function;

/**
 * Reads a PoP daemon's configuration file, pop.json (docs/pop.md), into a {@link PopConfig}. The
 * DNS and proxy settings are the files of {@code alm dns} and {@code alm proxy}, named relative to
 * it. Every error is an {@link InputException} naming the file, the field and the reason: each
 * field is read through {@link JsonFields} and checked by the record it goes to as soon as it is
 * set, so a refused value is reported against the field that carried it.
 */
public final class PopConfigJson {
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
          "priceCurvature",
          "probes",
          "state",
          "stateMaxAgeSeconds",
          "admin",
          "adminTokenFile",
          "dns",
          "proxy",
          "dnsThreads",
          "settling",
          "probeKeyFile",
          "probeAuth",
          "drl");
  private static final Set<String> PROBES =
      Set.of("gamma", "betaWeight", "lossRate", "timeoutIntervals", "betaSource");
  private static final Set<String> SETTLING = Set.of("horizon", "floor", "alarmZ", "schedulePrice");

  private PopConfigJson() {}

  /** Reads and checks pop.json and the DNS and proxy files it names. */
  public static PopConfig read(Path file) throws InputException {
    return read(file, null);
  }

  /**
   * Reads pop.json; a non-null {@code adminAccess} (from {@code --admin-token}) replaces the file's
   * {@code adminTokenFile}.
   */
  public static PopConfig read(Path file, AdminAccess adminAccess) throws InputException {
    JsonFields f = JsonFields.read(file).only(TOP);
    Path base = file.toAbsolutePath().getParent();
    for (String required : new String[] {"topology", "dns", "proxy"}) {
      if (!f.has(required)) {
        throw f.error(required, "required");
      }
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
    LoopConfig loop = loop(f);
    Path proxyFile = base.resolve(f.text("proxy"));
    ProxyConfig.Builder proxyBuilder =
        ProxyConfigJson.read(proxyFile)
            .pop(id)
            .capacity(t.node(index).capacity() * loop.loadUnit());
    if (f.has("probeAuth")
        && ProxyConfigJson.probeAuthOff(f.text("probeAuth"), file.toString(), "probeAuth")) {
      if (f.has("probeKeyFile")) {
        throw f.error("probeAuth", "off, but probeKeyFile names a key");
      }
      proxyBuilder.probeAuth(proxyBuilder.probeAuth().withUnsignedAllowed(true));
    }
    if (f.has("probeKeyFile")) {
      // one fleet key signs at this PoP's DNS and verifies at its proxy
      proxyBuilder.probeAuth(
          proxyBuilder
              .probeAuth()
              .withKeys(
                  ProxyConfigJson.loadProbeKeys(
                      base.resolve(f.text("probeKeyFile")), file + ":probeKeyFile")));
    }
    ProxyConfig proxy = ProxyConfigJson.build(proxyBuilder, proxyFile.toString());
    ProbePlanConfig plan = checked(f, "probes", () -> ProbePlanConfig.ofGamma(loop.beta().gamma()));
    Path state = f.has("state") ? base.resolve(f.text("state")) : null;
    HostPort admin = f.has("admin") ? checked(f, "admin", HostPort::parse, f.text("admin")) : null;
    AdminAccess access =
        adminAccess != null
            ? adminAccess
            : f.has("adminTokenFile")
                ? AdminAccess.withToken(
                    KeyRing.load(
                        base.resolve(f.text("adminTokenFile")), f.file() + ":adminTokenFile"))
                : AdminAccess.LOOPBACK_ONLY;
    int threads = f.has("dnsThreads") ? (int) f.integer("dnsThreads") : 1;
    DrlConfig drl = f.has("drl") ? DrlConfigJson.read(f.object("drl"), base) : null;
    if (drl != null) {
      checked(f, "drl", () -> drl.settings(index, t.size(), PopCustomers.proxyCustomers(proxy)));
      KeyRing.load(drl.keyFile(), "drl.keyFile");
    }
    if (admin != null) {
      try {
        access.checkBind(admin);
      } catch (IllegalArgumentException e) {
        throw f.error("admin", e.getMessage().replaceFirst("^admin: ", ""));
      }
    }
    return checked(
        f,
        "dnsThreads",
        () ->
            PopConfig.builder(t, index, dns.config(), proxy, loop, plan)
                .dnsThreads(threads)
                .state(state)
                .admin(admin)
                .adminAccess(access)
                .drl(drl)
                .build());
  }

  /** The loop's settings, each checked by {@link LoopConfig} as it is set. */
  private static LoopConfig loop(JsonFields f) throws InputException {
    Algorithm algorithm =
        f.has("algorithm")
            ? checked(f, "algorithm", Algorithm::parse, f.text("algorithm"))
            : Algorithm.DUAL;
    LoopConfig.Builder d = LoopConfig.builder(algorithm);
    if (f.has("intervalMs")) {
      d.interval(Duration.ofMillis(f.integer("intervalMs")));
      check(f, "intervalMs", d);
    }
    number(f, "loadUnit", d, d::loadUnit);
    number(f, "requestsPerQuery", d, d::requestsPerQuery);
    number(f, "demandWeight", d, d::demandWeight);
    number(f, "startX", d, d::startX);
    number(f, "safeX", d, d::safeX);
    number(f, "greedyGain", d, d::greedyGain);
    number(f, "maxStep", d, d::maxStep);
    if (f.has("theta") || f.has("adaptive") || f.has("priceCurvature")) {
      double theta = f.has("theta") ? f.number("theta") : LoopConfig.DEFAULT_THETA;
      boolean adaptive = f.has("adaptive") && f.bool("adaptive");
      StepSize.Curvature curvature =
          f.has("priceCurvature")
              ? checked(f, "priceCurvature", StepSize.Curvature::parse, f.text("priceCurvature"))
              : LoopConfig.DEFAULT_CURVATURE;
      d.step(checked(f, "theta", () -> new StepSize.Scaled(theta, adaptive, curvature)));
    }
    if (f.has("stateMaxAgeSeconds")) {
      d.stateMaxAge(Duration.ofSeconds(f.integer("stateMaxAgeSeconds")));
      check(f, "stateMaxAgeSeconds", d);
    }
    if (f.has("probes")) {
      probes(f.object("probes").only(PROBES), d);
    }
    if (f.has("settling")) {
      d.settling(settling(f.object("settling").only(SETTLING), d.settling()));
    }
    return d.build();
  }

  private static void probes(JsonFields p, LoopConfig.Builder d) throws InputException {
    double[] beta = {
      LoopConfig.DEFAULT_PROBE_GAMMA, d.beta().ewmaWeight(), BetaEstimatorConfig.NO_LOSS
    };
    String[] fields = {"gamma", "betaWeight", "lossRate"};
    for (int i = 0; i < fields.length; i++) {
      if (p.has(fields[i])) {
        beta[i] = p.number(fields[i]);
        checked(p, fields[i], () -> new BetaEstimatorConfig(beta[0], beta[1], beta[2]));
      }
    }
    d.beta(new BetaEstimatorConfig(beta[0], beta[1], beta[2]));
    if (p.has("timeoutIntervals")) {
      d.probeTimeout((int) p.integer("timeoutIntervals"));
      check(p, "timeoutIntervals", d);
    }
    if (p.has("betaSource")) {
      d.betaSource(checked(p, "betaSource", BetaSource::parse, p.text("betaSource")));
    }
  }

  /** Sets a loop number when the field is there, and checks it. */
  private static void number(JsonFields f, String field, LoopConfig.Builder d, DoubleConsumer set)
      throws InputException {
    if (f.has(field)) {
      set.accept(f.number(field));
      check(f, field, d);
    }
  }

  /** Fails naming {@code field} if the loop value just set is refused. */
  private static void check(JsonFields f, String field, LoopConfig.Builder d)
      throws InputException {
    checked(f, field, d::build);
  }

  private static Settling settling(JsonFields s, Settling d) throws InputException {
    int horizon = s.has("horizon") ? (int) s.integer("horizon") : d.horizon();
    checked(s, "horizon", () -> new Settling(horizon, d.floor(), d.alarmZ(), d.schedulePrice()));
    double floor = s.has("floor") ? s.number("floor") : d.floor();
    checked(s, "floor", () -> new Settling(horizon, floor, d.alarmZ(), d.schedulePrice()));
    double alarmZ = s.has("alarmZ") ? s.number("alarmZ") : d.alarmZ();
    checked(s, "alarmZ", () -> new Settling(horizon, floor, alarmZ, d.schedulePrice()));
    boolean price = s.has("schedulePrice") ? s.bool("schedulePrice") : d.schedulePrice();
    return new Settling(horizon, floor, alarmZ, price);
  }

  /** Something built from one field's value; its refusal is reported against the field. */
  @FunctionalInterface
  private interface Build<T> {
    T build();
  }

  private static <T> T checked(JsonFields f, String field, Build<T> build) throws InputException {
    try {
      return build.build();
    } catch (IllegalArgumentException e) {
      throw f.error(field, e.getMessage());
    }
  }

  private static <T> T checked(JsonFields f, String field, Function<String, T> parse, String text)
      throws InputException {
    return checked(f, field, () -> parse.apply(text));
  }
}
