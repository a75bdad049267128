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
import dev.alm.io.JsonBinding;
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
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads a PoP daemon's configuration file, pop.json (docs/pop/configuration.md), into a {@link
 * PopConfig}. The DNS and proxy settings are the files of {@code alm dns} and {@code alm proxy},
 * named relative to it. Every error is an {@link InputException} naming the file, the field and the
 * reason: each field is read through {@link JsonFields} and checked by the record it goes to as
 * soon as it is set, so a refused value is reported against the field that carried it.
 */
public final class PopConfigJson {
  /** The theta, adaptive and priceCurvature fields gathered: the dual's step, when any is set. */
  private static final class StepDraft {
    double theta = LoopConfig.DEFAULT_THETA;
    boolean adaptive;
    StepSize.Curvature curvature = LoopConfig.DEFAULT_CURVATURE;
  }

  private static final JsonBinding<StepDraft> STEP =
      JsonBinding.<StepDraft>builder()
          .field("theta", (f, n, s) -> s.theta = f.number(n))
          .field("adaptive", (f, n, s) -> s.adaptive = f.bool(n))
          .field(
              "priceCurvature",
              (f, n, s) -> s.curvature = checked(f, n, StepSize.Curvature::parse, f.text(n)))
          .build();

  /** gamma, betaWeight and lossRate, gathered and checked together as each is set. */
  private static final JsonBinding<double[]> BETA =
      JsonBinding.<double[]>builder()
          .field("gamma", (f, n, b) -> beta(f, n, b, 0))
          .field("betaWeight", (f, n, b) -> beta(f, n, b, 1))
          .field("lossRate", (f, n, b) -> beta(f, n, b, 2))
          .build();

  private static final JsonBinding<LoopConfig.Builder> PROBES =
      JsonBinding.<LoopConfig.Builder>builder()
          .group(
              BETA,
              d ->
                  new double[] {
                    LoopConfig.DEFAULT_PROBE_GAMMA,
                    d.beta().ewmaWeight(),
                    BetaEstimatorConfig.NO_LOSS
                  },
              (f, d, b) -> d.beta(new BetaEstimatorConfig(b[0], b[1], b[2])))
          .field("timeoutIntervals", thenChecked((f, n, d) -> d.probeTimeout((int) f.integer(n))))
          .field(
              "betaSource", (f, n, d) -> d.betaSource(checked(f, n, BetaSource::parse, f.text(n))))
          .build();

  /** The settling settings, each checked as it is set (a one-element holder of the record). */
  private static final JsonBinding<Settling[]> SETTLING =
      JsonBinding.<Settling[]>builder()
          .field(
              "horizon",
              (f, n, s) ->
                  s[0] = settling(f, n, s[0], (int) f.integer(n), s[0].floor(), s[0].alarmZ()))
          .field(
              "floor",
              (f, n, s) -> s[0] = settling(f, n, s[0], s[0].horizon(), f.number(n), s[0].alarmZ()))
          .field(
              "alarmZ",
              (f, n, s) -> s[0] = settling(f, n, s[0], s[0].horizon(), s[0].floor(), f.number(n)))
          .field(
              "schedulePrice",
              (f, n, s) ->
                  s[0] = new Settling(s[0].horizon(), s[0].floor(), s[0].alarmZ(), f.bool(n)))
          .build();

  /**
   * The control loop's fields ({@link LoopConfig}), in the order they are read; each value is
   * checked by the loop's builder as soon as it is set, so a refusal names its field.
   */
  private static final JsonBinding<LoopConfig.Builder> LOOP =
      JsonBinding.<LoopConfig.Builder>builder()
          .field(
              "intervalMs", thenChecked((f, n, d) -> d.interval(Duration.ofMillis(f.integer(n)))))
          .field("loadUnit", thenChecked((f, n, d) -> d.loadUnit(f.number(n))))
          .field("requestsPerQuery", thenChecked((f, n, d) -> d.requestsPerQuery(f.number(n))))
          .field("demandWeight", thenChecked((f, n, d) -> d.demandWeight(f.number(n))))
          .field("startX", thenChecked((f, n, d) -> d.startX(f.number(n))))
          .field("safeX", thenChecked((f, n, d) -> d.safeX(f.number(n))))
          .field("greedyGain", thenChecked((f, n, d) -> d.greedyGain(f.number(n))))
          .field("maxStep", thenChecked((f, n, d) -> d.maxStep(f.number(n))))
          .group(STEP, d -> new StepDraft(), PopConfigJson::step)
          .field(
              "stateMaxAgeSeconds",
              thenChecked((f, n, d) -> d.stateMaxAge(Duration.ofSeconds(f.integer(n)))))
          .object("probes", PROBES)
          .field(
              "settling",
              (f, n, d) -> d.settling(SETTLING.read(f.object(n), new Settling[] {d.settling()})[0]))
          .build();

  /** pop.json's own fields, read in {@link #read(Path, AdminAccess)}, beside the loop's. */
  private static final Set<String> POP =
      Set.of(
          "topology",
          "algorithm",
          "dns",
          "proxy",
          "state",
          "admin",
          "adminTokenFile",
          "dnsThreads",
          "probeKeyFile",
          "probeAuth",
          "drl");

  private static final Set<String> TOP = union(POP, LOOP.names());

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
    return LOOP.apply(f, LoopConfig.builder(algorithm)).build();
  }

  /** A loop field's setter that then checks the loop, the refusal named after the field. */
  private static JsonBinding.Setter<LoopConfig.Builder> thenChecked(
      JsonBinding.Setter<LoopConfig.Builder> set) {
    return (f, n, d) -> {
      set.set(f, n, d);
      checked(f, n, d::build);
    };
  }

  private static void step(JsonFields f, LoopConfig.Builder d, StepDraft s) throws InputException {
    if (f.has("theta") || f.has("adaptive") || f.has("priceCurvature")) {
      d.step(checked(f, "theta", () -> new StepSize.Scaled(s.theta, s.adaptive, s.curvature)));
    }
  }

  private static void beta(JsonFields f, String field, double[] b, int i) throws InputException {
    b[i] = f.number(field);
    checked(f, field, () -> new BetaEstimatorConfig(b[0], b[1], b[2]));
  }

  private static Settling settling(
      JsonFields f, String field, Settling s, int horizon, double floor, double alarmZ)
      throws InputException {
    return checked(f, field, () -> new Settling(horizon, floor, alarmZ, s.schedulePrice()));
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> all = new LinkedHashSet<>(a);
    all.addAll(b);
    return Set.copyOf(all);
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
