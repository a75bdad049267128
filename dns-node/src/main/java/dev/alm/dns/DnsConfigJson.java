package dev.alm.dns;

import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.xbill.DNS.Name;
import org.xbill.DNS.TextParseException;

/**
 * Reads a DNS node configuration file (JSON, docs/dns-node.md) onto a {@link DnsConfig.Builder}.
 * Unknown fields, wrong types and bad values are {@link InputException}s naming the file, the field
 * and the reason.
 */
public final class DnsConfigJson {

  /** What one file's fields are set on: the server's builder and the daemon's own settings. */
  private static final class Target {
    final DnsConfig.Builder b;
    final Name zone;
    final Path base;
    int threads = 1;
    String admin;
    AdminAccess access = AdminAccess.LOOPBACK_ONLY;

    Target(DnsConfig.Builder b, Name zone, Path file) {
      this.b = b;
      this.zone = zone;
      this.base = file.toAbsolutePath().getParent();
    }

    /** {@code p} as named in the file: relative to the file unless absolute. */
    Path resolve(String p) {
      Path path = Path.of(p);
      return path.isAbsolute() || base == null ? path : base.resolve(path);
    }
  }

  private static final String ADDRESSES = "required (a list of addresses)";
  private static final Set<String> RRL =
      Set.of(
          "enabled",
          "responsesPerSecond",
          "burst",
          "slip",
          "ipv4Prefix",
          "ipv6Prefix",
          "tableSize");

  private static final JsonBinding<Target> TTL =
      JsonBinding.<Target>builder()
          .value("cdn", JsonFields::integer, (t, v) -> t.b.cdnTtl(v))
          .value("probe", JsonFields::integer, (t, v) -> t.b.probeTtl(v))
          .value("static", JsonFields::integer, (t, v) -> t.b.staticTtl(v))
          .value("negative", JsonFields::integer, (t, v) -> t.b.negativeTtl(v))
          .build();
  private static final JsonBinding<Target> TCP =
      JsonBinding.<Target>builder()
          .value("idleTimeoutMs", JsonFields::integer, (t, v) -> t.b.tcpIdleTimeout(ms(v)))
          .integer("maxConnections", (t, v) -> t.b.maxTcpConnections(v))
          .integer("maxConnectionsPerClient", (t, v) -> t.b.maxTcpConnectionsPerClient(v))
          .value("messageDeadlineMs", JsonFields::integer, (t, v) -> t.b.tcpMessageDeadline(ms(v)))
          .build();
  private static final JsonBinding<Target> ECS =
      JsonBinding.<Target>builder()
          .integer("v4", (t, v) -> t.b.ecsScopeV4(v))
          .integer("v6", (t, v) -> t.b.ecsScopeV6(v))
          .build();

  /**
   * The file's fields in the order they are read: what the answers are made of (the PoP id, the CDN
   * names, L1 and L2, x, the mode, the salt), the TTLs, the zone's own records, the listener (its
   * address, TCP limits, ECS scopes, EDNS payload, RRL), the query log and the daemon.
   */
  private static final JsonBinding<Target> TOP =
      JsonBinding.<Target>builder()
          .text("pop", (t, v) -> t.b.pop(v))
          .field("zone", (f, n, t) -> {}) // read first: the builder is made for it
          .field("names", (f, n, t) -> names(f, n, t.zone, t.b::name))
          .required("l1", ADDRESSES, (f, n, t) -> addresses(f, n, t.b::l1))
          .required("l2", ADDRESSES, (f, n, t) -> addresses(f, n, t.b::l2))
          .number("x", (t, v) -> t.b.x(v))
          .field("mode", (f, n, t) -> t.b.mode(mode(f)))
          .text("salt", (t, v) -> t.b.salt(v))
          .object("ttl", TTL)
          .field("nameservers", (f, n, t) -> names(f, n, t.zone, t.b::nameserver))
          .field("records", (f, n, t) -> f.texts(n).forEach(t.b::staticRecord))
          .field("listen", (f, n, t) -> t.b.listen(socket(f, n, f.text(n))))
          .object("tcp", TCP)
          .object("ecsScope", ECS)
          .integer("maxUdpPayload", (t, v) -> t.b.maxUdpPayload(v))
          .field("rrl", (f, n, t) -> t.b.rrl(rrl(f.object(n).only(RRL))))
          .field("queryLog", (f, n, t) -> t.b.queryLog(t.resolve(f.text(n))))
          .integer("queryLogQueue", (t, v) -> t.b.queryLogQueue(v))
          .field("threads", DnsConfigJson::threads)
          .text("admin", (t, v) -> t.admin = v)
          .field("adminTokenFile", DnsConfigJson::adminAccess)
          .build();

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
    JsonFields f = JsonFields.read(path).only(TOP.names());
    if (!f.has("zone")) {
      throw f.error("zone", "required (the zone this PoP serves, e.g. cdn.example.)");
    }
    Name zone = name(f, "zone", Name.root);
    Target t = new Target(DnsConfig.builder(zone), zone, path);
    try {
      TOP.apply(f, t);
      DnsConfig config = t.b.build();
      new ServedZone(config); // static records are checked here, at start-up
      return new DnsFile(config, t.threads, t.admin, t.access);
    } catch (DnsConfigException e) {
      throw new InputException(
          f.file(), e.field(), e.getMessage().substring(e.field().length() + 2));
    }
  }

  private static Duration ms(long v) {
    return Duration.ofMillis(v);
  }

  private static void names(JsonFields f, String field, Name zone, Consumer<Name> add)
      throws InputException {
    for (String n : f.texts(field)) {
      add.accept(relative(f, field, n, zone));
    }
  }

  private static void addresses(JsonFields f, String field, Consumer<InetAddress> add)
      throws InputException {
    for (String a : f.texts(field)) {
      add.accept(address(f, field, a));
    }
  }

  private static void threads(JsonFields f, String field, Target t) throws InputException {
    long threads = f.integer(field);
    if (threads < 1 || threads > 64) {
      throw f.error(field, "must be in 1..64");
    }
    t.threads = (int) threads;
  }

  /**
   * Who may use the admin server: bearer tokens from {@code adminTokenFile}, else loopback only.
   */
  private static void adminAccess(JsonFields f, String field, Target t) throws InputException {
    t.access =
        AdminAccess.withToken(KeyRing.load(t.resolve(f.text(field)), f.file() + ":" + field));
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
