package dev.alm.app;

import dev.alm.io.Clocks;
import dev.alm.io.InputException;
import dev.alm.node.DaemonLifecycle;
import dev.alm.node.FileDescriptors;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopConfigJson;
import dev.alm.pop.PopConfigSource;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyConfigJson;
import dev.alm.proxy.limit.CustomersJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
      "the admin address. Runs until interrupted or --duration. Configuration: docs/pop/configuration.md."
    })
public final class PopCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "The PoP's JSON configuration.")
  Path config;

  @picocli.CommandLine.Mixin AdminTokenOption adminToken = new AdminTokenOption();

  @Mixin RunForOption runFor;

  @Option(
      names = "--probe-key",
      paramLabel = "FILE",
      description =
          "Fleet probe key file (overrides probeKeyFile): sign the probes this PoP hands out and"
              + " count only valid signed probes. A PoP needs a key (here or probeKeyFile) unless"
              + " --insecure-probes.")
  Path probeKey;

  @Option(
      names = "--insecure-probes",
      description =
          "Run without a probe key: hand out unsigned probes and count every well-formed one, so"
              + " that anyone who reaches the proxy can steer beta (as \"probeAuth\": \"off\").")
  boolean insecureProbes;

  @Option(
      names = "--customers",
      paramLabel = "FILE",
      description =
          "Customers and their limits, {\"customers\": [...]} (docs/ratelimit/enforcement.md):"
              + " replaces the proxy config's customers; DRL customers are shared by"
              + " the drl section's agent unless it lists its own.")
  Path customers;

  @picocli.CommandLine.Mixin CentralStoreOption central = new CentralStoreOption();

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    PopConfigSource source = source();
    PopConfig started = source.read();
    CentralStoreOption.Store store = central.open(started.proxy().customers());
    Consumer<String> log =
        line -> {
          err.println(line);
          err.flush();
        };
    DaemonLifecycle.run(
        "alm pop",
        () ->
            WithStore.start(
                store,
                () -> {
                  PopDaemon d =
                      PopDaemon.start(
                          started,
                          true,
                          Clocks.SYSTEM,
                          log,
                          store == null ? null : store.limiter());
                  d.reloadFrom(source);
                  ReloadSignal.install(d::reload, log);
                  ReloadSignal.installReopen("alm pop", d::reopenLogs, log);
                  return d;
                }),
        running -> {
          PopDaemon d = running.daemon();
          if (store != null) {
            out.printf("pop %s: central customers ask %s%n", started.id(), store.description());
          }
          out.printf(
              "pop %s (%s): DNS %s, proxy %s (capacity T_i x loadUnit = %s requests/s, the proxy"
                  + " file's capacity is not used), admin %s; file-descriptor limit %s, proxy"
                  + " connections <= %d (%d per client)%n",
              started.id(),
              started.loop().algorithm().label(),
              d.dnsAddress(),
              d.proxyAddress(),
              started.proxy().capacity(),
              d.adminAddress(),
              FileDescriptors.softLimit() < 0 ? "unknown" : FileDescriptors.softLimit(),
              d.proxy().listenerHealth().guard().max(),
              d.proxy().listenerHealth().guard().perClient());
          out.flush();
        },
        runFor.get(),
        line -> {
          err.println(line);
          err.flush();
        });
    return 0;
  }

  /**
   * Where the PoP's configuration is read, at start and on every reload: pop.json with the flags
   * {@code --admin-token}, {@code --probe-key}, {@code --insecure-probes} and {@code --customers}
   * applied, each file read again each time.
   */
  PopConfigSource source() {
    return new PopConfigSource() {
      @Override
      public PopConfig read() throws InputException {
        return configure();
      }

      @Override
      public String name() {
        return config.toString();
      }

      @Override
      public String customersName() {
        return customers != null ? customers.toString() : config + " (the proxy file's customers)";
      }
    };
  }

  /** pop.json and the flags, read and checked. */
  PopConfig configure() throws InputException {
    PopConfig c = PopConfigJson.read(config, adminToken.access());
    if (probeKey != null) {
      ProxyConfig p = c.proxy();
      c =
          c.withProxy(
              p.toBuilder()
                  .probeAuth(
                      p.probeAuth()
                          .withKeys(ProxyConfigJson.loadProbeKeys(probeKey, "--probe-key")))
                  .build());
    }
    if (insecureProbes) {
      if (c.proxy().probeAuth().enabled()) {
        throw new InputException(
            "--insecure-probes", "", "a probe key is given (probeKeyFile or --probe-key)");
      }
      c =
          c.withProxy(
              c.proxy().toBuilder()
                  .probeAuth(c.proxy().probeAuth().withUnsignedAllowed(true))
                  .build());
    }
    Optional<String> unkeyed =
        c.proxy().probeAuth().requireKeyOrOptOut("--insecure-probes or \"probeAuth\": \"off\"");
    if (unkeyed.isPresent()) {
      throw new InputException(config.toString(), "probeKeyFile", unkeyed.get());
    }
    if (customers != null) {
      ProxyConfig p = c.proxy();
      c =
          c.withProxy(
              p.toBuilder()
                  .customers(p.customers().withCustomers(CustomersJson.readFile(customers)))
                  .build());
    }
    return c;
  }

  /** Reads pop.json ({@link PopConfigJson}). */
  static PopConfig read(Path file) throws InputException {
    return PopConfigJson.read(file);
  }
}
