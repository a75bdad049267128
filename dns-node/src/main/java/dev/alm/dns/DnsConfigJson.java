package dev.alm.dns;

import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.xbill.DNS.Name;
import org.xbill.DNS.TextParseException;

/**
 * Reads a DNS node configuration file (JSON, docs/dns-node.md) onto a {@link DnsConfig.Builder}.
 * Unknown fields, wrong types and bad values are {@link InputException}s naming the file, the field
 * and the reason.
 */
public final class DnsConfigJson {
  private static final Set<String> TOP =
      Set.of(
          "pop",
          "zone",
          "names",
          "l1",
          "l2",
          "x",
          "mode",
          "salt",
          "ttl",
          "nameservers",
          "records",
          "listen",
          "tcp",
          "ecsScope",
          "maxUdpPayload",
          "rrl",
          "queryLog",
          "queryLogQueue",
          "threads",
          "admin",
          "adminTokenFile");
  private static final Set<String> TTL = Set.of("cdn", "probe", "static", "negative");
  private static final Set<String> TCP =
      Set.of("idleTimeoutMs", "maxConnections", "maxConnectionsPerClient", "messageDeadlineMs");
  private static final Set<String> ECS = Set.of("v4", "v6");
  private static final Set<String> RRL =
      Set.of(
          "enabled",
          "responsesPerSecond",
          "burst",
          "slip",
          "ipv4Prefix",
          "ipv6Prefix",
          "tableSize");

  /**
   * A read file: the server configuration, and the daemon's threads, admin address (or null) and
   * who may use it.
   */
  public record DnsFile(DnsConfig config, int threads, String admin, AdminAccess adminAccess) {
    /** A file with a loopback-only admin server. */
    public DnsFile(DnsConfig config, int threads, String admin) {
      this(config, threads, admin, AdminAccess.LOOPBACK_ONLY);
    }
  }

  private DnsConfigJson() {}

  /** Reads and checks {@code path}; a relative query log path is relative to the file. */
  public static DnsFile read(Path path) throws InputException {
    JsonFields f = JsonFields.read(path).only(TOP);
    if (!f.has("zone")) {
      throw f.error("zone", "required (the zone this PoP serves, e.g. cdn.example.)");
    }
    Name zone = name(f, "zone", Name.root);
    DnsConfig.Builder b = DnsConfig.builder(zone);
    try {
      answers(f, b, zone);
      ttls(f, b);
      zoneRecords(f, b, zone);
      transport(f, b);
      queryLog(f, b, path);
      int threads = f.has("threads") ? (int) f.integer("threads") : 1;
      if (threads < 1 || threads > 64) {
        throw f.error("threads", "must be in 1..64");
      }
      String admin = f.has("admin") ? f.text("admin") : null;
      AdminAccess access = adminAccess(f, path);
      DnsConfig config = b.build();
      new ServedZone(config); // static records are checked here, at start-up
      return new DnsFile(config, threads, admin, access);
    } catch (DnsConfig.ConfigException e) {
      throw new InputException(
          f.file(), e.field(), e.getMessage().substring(e.field().length() + 2));
    }
  }

  /** What the answers are made of: the PoP id, the CDN names, L1 and L2, x, the mode, the salt. */
  private static void answers(JsonFields f, DnsConfig.Builder b, Name zone) throws InputException {
    if (f.has("pop")) {
      b.pop(f.text("pop"));
    }
    if (f.has("names")) {
      for (String n : f.texts("names")) {
        b.name(relative(f, "names", n, zone));
      }
    }
    for (String a : required(f, "l1")) {
      b.l1(address(f, "l1", a));
    }
    for (String a : required(f, "l2")) {
      b.l2(address(f, "l2", a));
    }
    if (f.has("x")) {
      b.x(f.number("x"));
    }
    if (f.has("mode")) {
      b.mode(mode(f));
    }
    if (f.has("salt")) {
      b.salt(f.text("salt"));
    }
  }

  /** The {@code ttl} section. */
  private static void ttls(JsonFields f, DnsConfig.Builder b) throws InputException {
    if (!f.has("ttl")) {
      return;
    }
    JsonFields t = f.object("ttl").only(TTL);
    if (t.has("cdn")) {
      b.cdnTtl(t.integer("cdn"));
    }
    if (t.has("probe")) {
      b.probeTtl(t.integer("probe"));
    }
    if (t.has("static")) {
      b.staticTtl(t.integer("static"));
    }
    if (t.has("negative")) {
      b.negativeTtl(t.integer("negative"));
    }
  }

  /** The zone's own records: its nameservers and static records. */
  private static void zoneRecords(JsonFields f, DnsConfig.Builder b, Name zone)
      throws InputException {
    if (f.has("nameservers")) {
      for (String n : f.texts("nameservers")) {
        b.nameserver(relative(f, "nameservers", n, zone));
      }
    }
    if (f.has("records")) {
      for (String r : f.texts("records")) {
        b.staticRecord(r);
      }
    }
  }

  /** The listener: its address, the TCP limits, the ECS scopes, the EDNS payload, RRL. */
  private static void transport(JsonFields f, DnsConfig.Builder b) throws InputException {
    if (f.has("listen")) {
      b.listen(socket(f, "listen", f.text("listen")));
    }
    if (f.has("tcp")) {
      JsonFields t = f.object("tcp").only(TCP);
      if (t.has("idleTimeoutMs")) {
        b.tcpIdleTimeout(Duration.ofMillis(t.integer("idleTimeoutMs")));
      }
      if (t.has("maxConnections")) {
        b.maxTcpConnections((int) t.integer("maxConnections"));
      }
      if (t.has("maxConnectionsPerClient")) {
        b.maxTcpConnectionsPerClient((int) t.integer("maxConnectionsPerClient"));
      }
      if (t.has("messageDeadlineMs")) {
        b.tcpMessageDeadline(Duration.ofMillis(t.integer("messageDeadlineMs")));
      }
    }
    if (f.has("ecsScope")) {
      JsonFields e = f.object("ecsScope").only(ECS);
      if (e.has("v4")) {
        b.ecsScopeV4((int) e.integer("v4"));
      }
      if (e.has("v6")) {
        b.ecsScopeV6((int) e.integer("v6"));
      }
    }
    if (f.has("maxUdpPayload")) {
      b.maxUdpPayload((int) f.integer("maxUdpPayload"));
    }
    if (f.has("rrl")) {
      b.rrl(rrl(f.object("rrl").only(RRL)));
    }
  }

  /** The query log (relative to the file) and its queue. */
  private static void queryLog(JsonFields f, DnsConfig.Builder b, Path path) throws InputException {
    if (f.has("queryLog")) {
      Path log = Path.of(f.text("queryLog"));
      Path base = path.toAbsolutePath().getParent();
      b.queryLog(log.isAbsolute() || base == null ? log : base.resolve(log));
    }
    if (f.has("queryLogQueue")) {
      b.queryLogQueue((int) f.integer("queryLogQueue"));
    }
  }

  /**
   * Who may use the admin server: bearer tokens from {@code adminTokenFile}, else loopback only.
   */
  private static AdminAccess adminAccess(JsonFields f, Path path) throws InputException {
    if (!f.has("adminTokenFile")) {
      return AdminAccess.LOOPBACK_ONLY;
    }
    Path token = Path.of(f.text("adminTokenFile"));
    Path base = path.toAbsolutePath().getParent();
    return AdminAccess.withToken(
        KeyRing.load(
            token.isAbsolute() || base == null ? token : base.resolve(token),
            f.file() + ":adminTokenFile"));
  }

  private static List<String> required(JsonFields f, String field) throws InputException {
    if (!f.has(field)) {
      throw f.error(field, "required (a list of addresses)");
    }
    return f.texts(field);
  }

  private static AnswerMode mode(JsonFields f) throws InputException {
    String m = f.text("mode");
    try {
      return AnswerMode.valueOf(m.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw f.error("mode", "expected balanced, random or sticky, got '" + m + "'");
    }
  }

  private static RrlConfig rrl(JsonFields r) throws InputException {
    RrlConfig d = RrlConfig.DEFAULTS;
    try {
      return new RrlConfig(
          r.has("enabled") ? r.bool("enabled") : d.enabled(),
          r.has("responsesPerSecond") ? r.number("responsesPerSecond") : d.responsesPerSecond(),
          r.has("burst") ? r.number("burst") : d.burst(),
          r.has("slip") ? (int) r.integer("slip") : d.slip(),
          r.has("ipv4Prefix") ? (int) r.integer("ipv4Prefix") : d.ipv4Prefix(),
          r.has("ipv6Prefix") ? (int) r.integer("ipv6Prefix") : d.ipv6Prefix(),
          r.has("tableSize") ? (int) r.integer("tableSize") : d.tableSize());
    } catch (IllegalArgumentException e) {
      // RrlConfig names the field as "rrl.FIELD must ...": split it into the field and the reason
      String m = e.getMessage();
      int sp = m.indexOf(' ');
      if (m.startsWith("rrl.") && sp > 0) {
        throw new InputException(r.file(), m.substring(0, sp), m.substring(sp + 1));
      }
      throw new InputException(r.file(), "rrl", m);
    }
  }

  static Name name(JsonFields f, String field, Name origin) throws InputException {
    return relative(f, field, f.text(field), origin);
  }

  private static Name relative(JsonFields f, String field, String text, Name origin)
      throws InputException {
    try {
      Name n = Name.fromString(text, origin);
      return n.isAbsolute() ? n : Name.concatenate(n, Name.root);
    } catch (TextParseException | org.xbill.DNS.NameTooLongException e) {
      throw f.error(field, "not a domain name: '" + text + "' (" + e.getMessage() + ")");
    }
  }

  private static InetAddress address(JsonFields f, String field, String text)
      throws InputException {
    if (!text.matches("[0-9a-fA-F:.]+")) {
      throw f.error(field, "expected an IP address literal, got '" + text + "'");
    }
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw f.error(field, "not an IP address: '" + text + "'");
    }
  }

  /** Parses {@code HOST:PORT} or {@code [V6]:PORT} with an address literal. */
  static InetSocketAddress socket(JsonFields f, String field, String text) throws InputException {
    int colon = text.lastIndexOf(':');
    if (colon <= 0) {
      throw f.error(field, "expected ADDRESS:PORT, got '" + text + "'");
    }
    String host = text.substring(0, colon).replace("[", "").replace("]", "");
    int port;
    try {
      port = Integer.parseInt(text.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw f.error(field, "expected a port number after ':', got '" + text + "'");
    }
    if (port < 0 || port > 65535) {
      throw f.error(field, "port must be in 0..65535, got " + port);
    }
    return new InetSocketAddress(address(f, field, host), port);
  }
}
