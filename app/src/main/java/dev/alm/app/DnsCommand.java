package dev.alm.app;

import dev.alm.dns.AnswerMode;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.DnsConfigException;
import dev.alm.dns.DnsConfigJson;
import dev.alm.dns.DnsDaemon;
import dev.alm.dns.DnsNode;
import dev.alm.dns.RrlConfig;
import dev.alm.io.InputException;
import dev.alm.node.AdminAccess;
import dev.alm.node.ConfigFlags;
import dev.alm.node.DaemonLifecycle;
import dev.alm.node.HostPort;
import io.netty.channel.ChannelException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.xbill.DNS.Name;
import org.xbill.DNS.TextParseException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm dns}: one PoP's authoritative DNS server, standalone. */
@Command(
    name = "dns",
    header = "One PoP's authoritative DNS server: L1 with probability x, else L2.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs the authoritative DNS server of one PoP (UDP and TCP) until interrupted. A CDN hostname is answered",
      "with the L1 (anycast) addresses with probability x, else the L2 (datacenter) addresses; beacons under",
      "fc.<zone> are answered through the FastControl hook. GET /status (JSON: x and counters) and GET /metrics",
      "(Prometheus) on --admin; POST /x?value=X sets x.",
      "Settings come from --config FILE (JSON, docs/dns-node.md) or from the flags; with --config, only",
      "--listen, --x, --admin, --threads, --query-log and --no-rrl may be added."
    })
public final class DnsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--config", paramLabel = "FILE", description = "JSON configuration file.")
  Path config;

  @Option(
      names = "--zone",
      description = "The zone served, e.g. cdn.example (required without --config).")
  String zone;

  @Option(
      names = "--name",
      split = ",",
      paramLabel = "NAME",
      description = "CDN hostnames, relative to the zone or absolute. Default: www.<zone>.")
  List<String> names;

  @Option(
      names = "--l1",
      split = ",",
      paramLabel = "ADDR",
      description = "Anycast proxy addresses (A/AAAA).")
  List<String> l1;

  @Option(
      names = "--l2",
      split = ",",
      paramLabel = "ADDR",
      description = "Datacenter addresses (A/AAAA).")
  List<String> l2;

  @Option(
      names = "--x",
      description = "Initial probability of answering L1, in [0, 1]. Default: 1.")
  Double x;

  @Option(
      names = "--mode",
      description =
          "balanced (a draw per query, its probability corrected so that every few answers hold"
              + " the share x), random (an independent draw per query, the paper's) or sticky (per"
              + " client subnet). Default: balanced.")
  String mode;

  @Option(names = "--pop", description = "This PoP's id (query log, probe names). Default: 0.")
  String pop;

  @Option(
      names = "--listen",
      paramLabel = "ADDR:PORT",
      description = "UDP and TCP address. Default: 127.0.0.1:5353.")
  String listen;

  @Option(
      names = "--admin",
      paramLabel = "ADDR:PORT",
      description = "Admin HTTP address. Default: none.")
  String admin;

  @picocli.CommandLine.Mixin AdminTokenOption adminToken = new AdminTokenOption();

  @Option(
      names = "--query-log",
      paramLabel = "FILE",
      description = "Query log (CSV, appended). Default: none.")
  Path queryLog;

  @Option(
      names = "--no-rrl",
      description = "Turn response-rate limiting off (benchmarks, trusted clients).")
  boolean noRrl;

  @Option(
      names = "--threads",
      description = "Event-loop threads (one UDP socket each under epoll). Default: 1.")
  Integer threads;

  @Mixin RunForOption runFor;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    DnsConfigJson.DnsFile file = resolve();
    HostPort adminAt = file.admin() == null ? null : address("admin", file.admin());
    if (adminAt != null) {
      try {
        file.adminAccess().checkBind(adminAt);
      } catch (IllegalArgumentException e) {
        throw new UserError(e.getMessage());
      }
    }
    DaemonLifecycle.run(
        "alm dns",
        () -> {
          try {
            DnsDaemon d =
                DnsDaemon.start(file.config(), file.threads(), adminAt, file.adminAccess());
            ReloadSignal.installReopen(
                "alm dns",
                () ->
                    LogReopenLines.say(
                        "alm dns", d.node().reopenLogs().stream().toList(), System.err::println),
                System.err::println);
            return d;
          } catch (ChannelException e) {
            throw new UserError(
                "cannot listen on " + file.config().listen() + ": " + e.getMessage());
          }
        },
        d -> started(out, file, d),
        runFor.get(),
        System.err::println);
    return 0;
  }

  private static void started(PrintWriter out, DnsConfigJson.DnsFile file, DnsDaemon d) {
    DnsNode node = d.node();
    InetSocketAddress a = node.address();
    InetSocketAddress admin = d.adminAddress();
    out.printf(
        "alm dns: pop %s serving %s on %s:%d (udp+tcp, %s), x=%s, mode %s%s%n",
        file.config().pop(),
        file.config().zone(),
        a.getAddress().getHostAddress(),
        a.getPort(),
        node.status().get("transport"),
        node.x().get(),
        node.status().get("mode"),
        admin == null ? "" : ", admin on " + admin.getHostString() + ":" + admin.getPort());
    out.flush();
  }

  /** The configuration from the file or the flags. */
  DnsConfigJson.DnsFile resolve() throws InputException {
    runFor.get();
    DnsConfigJson.DnsFile base =
        ConfigFlags.read(config, DnsConfigJson::read, this::fromFlags)
            .inFileOnly(
                "--zone", zone, "--name", names, "--l1", l1, "--l2", l2, "--mode", mode, "--pop",
                pop)
            .builder();
    DnsConfig c = base.config();
    try {
      DnsConfig.Builder b = c.toBuilder();
      if (x != null) {
        b.x(x);
      }
      if (listen != null) {
        b.listen(socket("listen", listen));
      }
      if (noRrl) {
        b.rrl(c.rrl().withEnabled(false));
      }
      if (queryLog != null) {
        b.queryLog(queryLog);
      }
      c = b.build();
    } catch (DnsConfigException e) {
      throw new UserError("--" + e.getMessage());
    }
    int t = threads != null ? threads : base.threads();
    if (t < 1 || t > 64) {
      throw ConfigFlags.flagError("--threads", "must be in 1..64");
    }
    AdminAccess access = adminToken.access();
    return new DnsConfigJson.DnsFile(
        c, t, admin != null ? admin : base.admin(), access != null ? access : base.adminAccess());
  }

  private DnsConfigJson.DnsFile fromFlags() {
    if (zone == null || l1 == null || l2 == null) {
      throw new UserError("give --config FILE, or at least --zone, --l1 and --l2");
    }
    Name z = name("zone", zone, Name.root);
    DnsConfig.Builder b = DnsConfig.builder(z).rrl(RrlConfig.DEFAULTS);
    try {
      if (names != null) {
        names.forEach(n -> b.name(name("name", n, z)));
      }
      l1.forEach(s -> b.l1(ip("l1", s)));
      l2.forEach(s -> b.l2(ip("l2", s)));
      if (mode != null) {
        try {
          b.mode(AnswerMode.valueOf(mode.toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
          throw new UserError("--mode: expected balanced, random or sticky, got '" + mode + "'");
        }
      }
      if (pop != null) {
        b.pop(pop);
      }
      return new DnsConfigJson.DnsFile(b.build(), 1, null);
    } catch (DnsConfigException e) {
      throw new UserError("--" + e.getMessage());
    }
  }

  private static Name name(String flag, String text, Name origin) {
    try {
      Name n = Name.fromString(text, origin);
      return n.isAbsolute() ? n : Name.concatenate(n, Name.root);
    } catch (TextParseException | org.xbill.DNS.NameTooLongException e) {
      throw new UserError("--" + flag + ": not a domain name: '" + text + "'");
    }
  }

  private static InetAddress ip(String flag, String text) {
    if (!text.matches("[0-9a-fA-F:.]+")) {
      throw new UserError("--" + flag + ": expected an IP address literal, got '" + text + "'");
    }
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new UserError("--" + flag + ": not an IP address: '" + text + "'");
    }
  }

  private static HostPort address(String flag, String text) throws InputException {
    return ConfigFlags.parse("--" + flag, text, HostPort::parse);
  }

  private static InetSocketAddress socket(String flag, String text) throws InputException {
    HostPort hp = address(flag, text);
    return new InetSocketAddress(ip(flag, hp.host()), hp.port());
  }
}
