package dev.alm.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.io.Clocks;
import dev.alm.io.InputException;
import dev.alm.node.ConfigFlags;
import dev.alm.node.DaemonLifecycle;
import dev.alm.node.FileDescriptors;
import dev.alm.node.HostPort;
import dev.alm.proxy.ContentConfig;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyConfigJson;
import dev.alm.proxy.ProxyServer;
import dev.alm.proxy.limit.CustomersJson;
import io.netty.channel.ChannelException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm proxy}: one PoP's HTTP proxy (load meter, FastControl probes, admission control),
 * standalone.
 */
@Command(
    name = "proxy",
    header = "One PoP's HTTP proxy: load meter, FastControl probes, admission control.",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the HTTP proxy of one PoP until interrupted or --duration: measures S_i (requests/s over the control interval),",
      "counts FastControl probes (Host [<token>.]<category>.<origin>.fc.<zone> or path /_alm/fc/<category>/<origin>[/<token>],",
      "answered 204, never shed, counted only when signed and valid if --probe-key is set; own-category probes/s give R_i), sheds requests above the ceiling",
      "(ceiling-factor x capacity) with 503 and Retry-After, answers 429 with Retry-After above a customer's limit",
      "(--customers), and serves generated bodies (any path: body-bytes",
      "bytes; /bytes/N: N bytes) or proxies to --origin. GET /status and /metrics on --admin.",
      "Settings come from --config FILE (JSON, docs/proxy-node.md), then the flags given here."
    })
public final class ProxyCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", paramLabel = "FILE", description = "JSON configuration file.")
  Path config;

  @Option(
      names = "--listen",
      paramLabel = "ADDR:PORT",
      description = "HTTP address. Default: " + "127.0.0.1:8080" + ".")
  String listen;

  @Option(
      names = "--admin",
      paramLabel = "ADDR:PORT",
      description = "Admin address (/status, /metrics). Default: none.")
  String admin;

  @picocli.CommandLine.Mixin AdminTokenOption adminToken = new AdminTokenOption();

  @Option(names = "--pop", description = "This PoP's id, a lower-case DNS label. Default: 0.")
  String pop;

  @Option(names = "--zone", description = "The CDN zone of probe names. Default: cdn.example.")
  String zone;

  @Option(names = "--capacity", paramLabel = "T", description = "T_i, requests/s. Default: 1000.")
  Double capacity;

  @Option(
      names = "--ceiling-factor",
      paramLabel = "F",
      description = "Shed above F x T requests/s. Default: 1.25.")
  Double ceilingFactor;

  @Option(
      names = "--control-interval-ms",
      paramLabel = "MS",
      description = "Window of S and R. Default: 1000.")
  Integer controlIntervalMs;

  @Option(
      names = "--origin",
      paramLabel = "HOST:PORT",
      description = "Proxy to this origin instead of generating.")
  String origin;

  @Option(
      names = "--body-bytes",
      paramLabel = "N",
      description = "Generated body size. Default: 1024.")
  Integer bodyBytes;

  @Option(
      names = "--access-log",
      paramLabel = "FILE",
      description = "Access log (CSV). Default: none.")
  Path accessLog;

  @Option(
      names = "--probe-log",
      paramLabel = "FILE",
      description = "Probe log (CSV). Default: none.")
  Path probeLog;

  @Option(
      names = "--probe-key",
      paramLabel = "FILE",
      description =
          "Fleet probe key file (current key, then the previous one during a rotation): count only"
              + " probes with a valid MAC, unexpired, not replayed. A proxy needs a key (here or"
              + " probeKeyFile) unless --insecure-probes.")
  Path probeKey;

  @Option(
      names = "--insecure-probes",
      description =
          "Run without a probe key: count every well-formed probe, so that anyone who reaches the"
              + " proxy can steer beta (as \"probeAuth\": \"off\").")
  boolean insecureProbes;

  @Option(
      names = "--customers",
      paramLabel = "FILE",
      description =
          "Customers and their limits, {\"customers\": [...]} (docs/ratelimit/enforcement.md):"
              + " replaces the config file's customers. Default: the config's, or none.")
  Path customers;

  @Option(names = "--no-measure", description = "Turn the load meter off (to measure its cost).")
  boolean noMeasure;

  @Option(
      names = "--io-threads",
      paramLabel = "N",
      description = "Event-loop threads; 0: Netty's default.")
  Integer ioThreads;

  @Option(names = "--check", description = "Print the resolved configuration as JSON and exit.")
  boolean check;

  @Mixin RunForOption runFor;

  @picocli.CommandLine.Mixin CentralStoreOption central = new CentralStoreOption();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    ProxyConfig cfg = resolve();
    if (check) {
      out.println(
          new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(describe(cfg)));
      return 0;
    }
    CentralStoreOption.Store store = central.open(cfg.customers());
    DaemonLifecycle.run(
        "alm proxy",
        () ->
            WithStore.start(
                store,
                () -> {
                  ProxyServer server;
                  try {
                    server =
                        store == null
                            ? ProxyServer.start(cfg)
                            : ProxyServer.start(cfg, Clocks.SYSTEM, store.limiter());
                  } catch (ChannelException | BindException e) {
                    throw new UserError("cannot listen: " + e.getMessage());
                  }
                  ReloadSignal.installReopen(
                      "alm proxy",
                      () ->
                          LogReopenLines.say(
                              "alm proxy", server.node().reopenLogs(), System.err::println),
                      System.err::println);
                  return server;
                }),
        running -> {
          ProxyServer server = running.daemon();
          if (store != null) {
            out.printf("alm proxy: central customers ask %s%n", store.description());
          }
          if (!cfg.probeAuth().enabled()) {
            System.err.println(
                "alm proxy: WARNING probe authentication is off (no probeKeyFile or --probe-key):"
                    + " any client can forge FastControl probes and steer beta");
          }
          out.printf(
              "alm proxy: pop %s listening on %s (%s), capacity %s/s, ceiling %s/s, probe auth %s%s%n",
              cfg.pop(),
              hostPort(server.address()),
              server.transport(),
              cfg.capacity(),
              cfg.ceiling(),
              cfg.probeAuth().enabled() ? "on" : "off",
              server.adminAddress() == null ? "" : ", admin on " + hostPort(server.adminAddress()));
          var g = server.listenerHealth().guard();
          out.printf(
              "alm proxy: file-descriptor limit %s, at most %d connections (%d per client)%n",
              FileDescriptors.softLimit() < 0 ? "unknown" : FileDescriptors.softLimit(),
              g.max(),
              g.perClient());
          out.flush();
        },
        runFor.get(),
        System.err::println);
    return 0;
  }

  private static String hostPort(InetSocketAddress a) {
    return a.getHostString() + ":" + a.getPort();
  }

  /** The configuration file (if any) with the flags applied on top. */
  ProxyConfig resolve() throws InputException {
    runFor.get();
    ConfigFlags<ProxyConfig.Builder> file =
        ConfigFlags.read(config, ProxyConfigJson::read, ProxyConfig::builder);
    ProxyConfig base = ProxyConfigJson.build(file.builder(), file.source());
    ContentConfig[] content = {base.content()};
    ConfigFlags<ProxyConfig.Builder> flags =
        ConfigFlags.over(base.toBuilder())
            .flag("--listen", listen, HostPort::parse, ProxyConfig.Builder::listen)
            .flag("--admin", admin, HostPort::parse, ProxyConfig.Builder::admin)
            .flag("--admin-token", adminToken.access(), ProxyConfig.Builder::adminAccess)
            .flag("--pop", pop, ProxyConfig.Builder::pop)
            .flag("--zone", zone, ProxyConfig.Builder::zone)
            .flag("--capacity", capacity, ProxyConfig.Builder::capacity)
            .flag("--ceiling-factor", ceilingFactor, ProxyConfig.Builder::ceilingFactor)
            .flag(
                "--control-interval-ms",
                controlIntervalMs,
                (b, v) -> b.controlInterval(Duration.ofMillis(v)))
            .flag(
                "--body-bytes",
                bodyBytes,
                (b, v) -> {
                  ContentConfig c = content[0];
                  b.content(
                      content[0] =
                          new ContentConfig(
                              c.mode(),
                              v,
                              c.origin(),
                              c.originConnections(),
                              c.originTimeout(),
                              c.trustedHops()));
                })
            .flag(
                "--origin",
                origin,
                HostPort::parse,
                (b, v) -> {
                  ContentConfig c = content[0];
                  b.content(
                      content[0] =
                          new ContentConfig(
                              ContentConfig.Mode.PROXY,
                              c.bodyBytes(),
                              v,
                              c.originConnections(),
                              c.originTimeout(),
                              c.trustedHops()));
                })
            .flag("--access-log", accessLog, ProxyConfig.Builder::accessLog)
            .flag("--probe-log", probeLog, ProxyConfig.Builder::probeLog)
            .flag("--no-measure", noMeasure, (b, v) -> b.measure(false))
            .flag("--io-threads", ioThreads, ProxyConfig.Builder::ioThreads);
    if (customers != null) {
      ProxyConfig.Builder b = flags.builder();
      b.customers(b.customers().withCustomers(CustomersJson.readFile(customers)));
    }
    probeFlags(flags.builder());
    ProxyConfig c = ProxyConfigJson.build(flags.builder(), flags.source());
    Optional<String> unkeyed =
        c.probeAuth().requireKeyOrOptOut("--insecure-probes or \"probeAuth\": \"off\"");
    if (unkeyed.isPresent()) {
      throw new InputException(
          config == null ? "--probe-key" : config.toString(),
          config == null ? "" : "probeKeyFile",
          unkeyed.get());
    }
    return c;
  }

  /** {@code --probe-key} and {@code --insecure-probes} on {@code b}; both at once are refused. */
  private void probeFlags(ProxyConfig.Builder b) throws InputException {
    if (probeKey != null) {
      b.probeAuth(b.probeAuth().withKeys(ProxyConfigJson.loadProbeKeys(probeKey, "--probe-key")));
    }
    if (insecureProbes) {
      if (b.probeAuth().enabled()) {
        throw new InputException(
            "--insecure-probes", "", "a probe key is given (probeKeyFile or --probe-key)");
      }
      b.probeAuth(b.probeAuth().withUnsignedAllowed(true));
    }
  }

  private static Map<String, Object> describe(ProxyConfig c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("pop", c.pop());
    m.put("zone", c.zone());
    m.put("listen", c.listen().toString());
    m.put("admin", c.admin() == null ? null : c.admin().toString());
    m.put("adminAccess", c.adminAccess().toString());
    m.put("capacity", c.capacity());
    m.put("ceilingFactor", c.ceilingFactor());
    m.put("ceiling", c.ceiling());
    m.put("burstSeconds", c.burstSeconds());
    m.put("controlIntervalMs", c.controlInterval().toMillis());
    m.put("meterBuckets", c.meterBuckets());
    m.put("ewmaSeconds", c.ewmaTau().toNanos() / 1e9);
    m.put("measure", c.measure());
    m.put("accessLog", c.accessLog() == null ? null : c.accessLog().toString());
    m.put("probeLog", c.probeLog() == null ? null : c.probeLog().toString());
    m.put("logQueue", c.logQueue());
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("mode", c.content().mode().name().toLowerCase(Locale.ROOT));
    content.put("bodyBytes", c.content().bodyBytes());
    content.put("origin", c.content().origin() == null ? null : c.content().origin().toString());
    content.put("connections", c.content().originConnections());
    content.put("timeoutMs", c.content().originTimeout().toMillis());
    m.put("content", content);
    Map<String, Object> limits = new LinkedHashMap<>();
    limits.put("maxInitialLineBytes", c.limits().maxInitialLineBytes());
    limits.put("maxHeaderBytes", c.limits().maxHeaderBytes());
    limits.put("maxBodyBytes", c.limits().maxBodyBytes());
    limits.put("idleTimeoutMs", c.limits().idleTimeout().toMillis());
    limits.put("maxPipelined", c.limits().maxPipelined());
    limits.put("headerDeadlineMs", c.limits().headerDeadline().toMillis());
    limits.put("maxConnections", c.limits().maxConnections());
    limits.put("maxConnectionsPerClient", c.limits().maxConnectionsPerClient());
    limits.put("maxConnectionAgeMs", c.limits().maxConnectionAge().toMillis());
    m.put("limits", limits);
    m.put("ioThreads", c.ioThreads());
    m.put("maxProbePairs", c.maxProbePairs());
    m.put("probeAuth", c.probeAuth().enabled() ? "on" : "off");
    m.put("probeLifetimeSeconds", c.probeAuth().lifetime().toSeconds());
    m.put("probeClockSkewSeconds", c.probeAuth().clockSkew().toSeconds());
    m.put("probeMaxNonces", c.probeAuth().maxNonces());
    m.put("probeClientRate", c.probeAuth().clientRate());
    m.put("probeClientBurst", c.probeAuth().clientBurst());
    m.put(
        "customers",
        c.customers().customers().stream()
            .map(k -> k.name() + " (" + k.mode().label() + ", " + k.hosts() + ")")
            .toList());
    m.put("customerLimiters", c.customers().limiters());
    m.put("centralFailOpen", c.customers().centralFailOpen());
    m.put("centralTimeoutMs", c.customers().centralTimeout().toMillis());
    m.put("maxClientsPerCustomer", c.customers().maxClients());
    m.put("rateLimitHeaders", c.customers().rateLimitHeaders());
    return m;
  }
}
