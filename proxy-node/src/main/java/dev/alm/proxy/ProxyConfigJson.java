package dev.alm.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.CustomersJson;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a proxy configuration file (JSON, docs/proxy-node.md) onto a {@link ProxyConfig.Builder}.
 * Unknown fields, wrong types and bad values are reported as {@link InputException} with the file,
 * the field and the reason.
 */
public final class ProxyConfigJson {

  private static final Set<String> TOP =
      Set.of(
          "pop",
          "zone",
          "listen",
          "admin",
          "adminTokenFile",
          "capacity",
          "ceilingFactor",
          "burstSeconds",
          "controlIntervalMs",
          "meterBuckets",
          "ewmaSeconds",
          "measure",
          "accessLog",
          "probeLog",
          "logQueue",
          "content",
          "limits",
          "ioThreads",
          "maxProbePairs",
          "probeKeyFile",
          "probeAuth",
          "probeLifetimeSeconds",
          "probeClockSkewSeconds",
          "probeMaxNonces",
          "probeClientRate",
          "probeEchoPrefixRate",
          "probeEchoPrefixBurst",
          "probeClientBurst",
          "customers",
          "customerLimiters",
          "centralFailOpen",
          "centralTimeoutMs",
          "maxClientsPerCustomer",
          "rateLimitHeaders");
  private static final Set<String> CONTENT =
      Set.of("mode", "bodyBytes", "origin", "connections", "timeoutMs", "trustedHops");
  private static final Set<String> LIMITS =
      Set.of(
          "maxInitialLineBytes",
          "maxHeaderBytes",
          "maxBodyBytes",
          "idleTimeoutMs",
          "maxPipelined",
          "headerDeadlineMs",
          "maxConnections",
          "maxConnectionsPerClient");

  private final String file;
  private final ProxyJsonFields fields;

  private ProxyConfigJson(String file) {
    this.file = file;
    this.fields = new ProxyJsonFields(file);
  }

  /**
   * Reads {@code path} onto a builder holding the defaults; relative log paths are relative to the
   * file.
   */
  public static ProxyConfig.Builder read(Path path) throws InputException {
    String name = path.toString();
    JsonNode root = JsonFields.readObject(path);
    Path base = path.toAbsolutePath().getParent();
    return new ProxyConfigJson(name).apply(root, base);
  }

  private ProxyConfig.Builder apply(JsonNode root, Path base) throws InputException {
    fields.known(root, TOP, "");
    ProxyConfig.Builder b = ProxyConfig.builder();
    if (root.has("pop")) {
      b.pop(fields.text(root, "pop", ""));
    }
    if (root.has("zone")) {
      b.zone(fields.text(root, "zone", ""));
    }
    if (root.has("listen")) {
      b.listen(fields.address(root, "listen", ""));
    }
    if (root.has("admin")) {
      b.admin(root.get("admin").isNull() ? null : fields.address(root, "admin", ""));
    }
    if (root.has("adminTokenFile")) {
      b.adminAccess(adminAccess(root, base, file));
    }
    if (root.has("capacity")) {
      b.capacity(fields.number(root, "capacity", ""));
    }
    if (root.has("ceilingFactor")) {
      b.ceilingFactor(fields.number(root, "ceilingFactor", ""));
    }
    if (root.has("burstSeconds")) {
      b.burstSeconds(fields.number(root, "burstSeconds", ""));
    }
    if (root.has("controlIntervalMs")) {
      b.controlInterval(Duration.ofMillis(fields.integer(root, "controlIntervalMs", "")));
    }
    if (root.has("meterBuckets")) {
      b.meterBuckets(fields.integer(root, "meterBuckets", ""));
    }
    if (root.has("ewmaSeconds")) {
      b.ewmaTau(Duration.ofNanos(Math.round(fields.number(root, "ewmaSeconds", "") * 1e9)));
    }
    if (root.has("measure")) {
      JsonNode v = root.get("measure");
      if (!v.isBoolean()) {
        throw new InputException(file, "measure", "expected true or false, got " + v);
      }
      b.measure(v.booleanValue());
    }
    if (root.has("accessLog")) {
      b.accessLog(
          root.get("accessLog").isNull() ? null : base.resolve(fields.text(root, "accessLog", "")));
    }
    if (root.has("probeLog")) {
      b.probeLog(
          root.get("probeLog").isNull() ? null : base.resolve(fields.text(root, "probeLog", "")));
    }
    if (root.has("logQueue")) {
      b.logQueue(fields.integer(root, "logQueue", ""));
    }
    if (root.has("ioThreads")) {
      b.ioThreads(fields.integer(root, "ioThreads", ""));
    }
    if (root.has("maxProbePairs")) {
      b.maxProbePairs(fields.integer(root, "maxProbePairs", ""));
    }
    b.probeAuth(probeAuth(root, base, b.probeAuth()));
    if (root.has("content")) {
      b.content(content(fields.object(root, "content")));
    }
    if (root.has("limits")) {
      b.limits(limits(fields.object(root, "limits")));
    }
    b.customers(customers(root));
    return b;
  }

  private CustomersConfig customers(JsonNode root) throws InputException {
    JsonFields f = JsonFields.of(file, root);
    CustomersConfig d = CustomersConfig.NONE;
    List<CustomerSpec> list =
        f.has("customers") ? CustomersJson.list(f, "customers") : d.customers();
    try {
      return new CustomersConfig(
          list,
          f.integer("customerLimiters", d.limiters(), 1, 100_000),
          f.bool("centralFailOpen", d.centralFailOpen()),
          Duration.ofMillis(
              f.integer("centralTimeoutMs", (int) d.centralTimeout().toMillis(), 1, 60_000)),
          f.integer("maxClientsPerCustomer", d.maxClients(), 1, 10_000_000),
          f.bool("rateLimitHeaders", d.rateLimitHeaders()));
    } catch (IllegalArgumentException e) {
      throw fields.fieldError(e);
    }
  }

  private ProbeAuthConfig probeAuth(JsonNode root, Path base, ProbeAuthConfig d)
      throws InputException {
    KeyRing keys = d.keys();
    boolean unsigned = d.unsignedAllowed();
    if (root.has("probeAuth")) {
      unsigned = probeAuthOff(fields.text(root, "probeAuth", ""), file, "probeAuth");
    }
    if (root.has("probeKeyFile") && !root.get("probeKeyFile").isNull()) {
      if (unsigned) {
        throw new InputException(file, "probeAuth", "off, but probeKeyFile names a key");
      }
      keys =
          loadProbeKeys(
              base.resolve(fields.text(root, "probeKeyFile", "")), file + ":probeKeyFile");
    }
    try {
      return new ProbeAuthConfig(
          keys,
          root.has("probeLifetimeSeconds")
              ? Duration.ofSeconds(fields.integer(root, "probeLifetimeSeconds", ""))
              : d.lifetime(),
          root.has("probeClockSkewSeconds")
              ? Duration.ofSeconds(fields.integer(root, "probeClockSkewSeconds", ""))
              : d.clockSkew(),
          root.has("probeMaxNonces") ? fields.integer(root, "probeMaxNonces", "") : d.maxNonces(),
          root.has("probeClientRate") ? fields.number(root, "probeClientRate", "") : d.clientRate(),
          root.has("probeClientBurst")
              ? fields.number(root, "probeClientBurst", "")
              : d.clientBurst(),
          root.has("probeEchoPrefixRate")
              ? fields.number(root, "probeEchoPrefixRate", "")
              : d.echoPrefixRate(),
          root.has("probeEchoPrefixBurst")
              ? fields.number(root, "probeEchoPrefixBurst", "")
              : d.echoPrefixBurst(),
          unsigned);
    } catch (IllegalArgumentException e) {
      throw fields.fieldError(e);
    }
  }

  /**
   * Reads a {@code probeAuth} field: {@code "required"} (the default: a key must be given) or
   * {@code "off"} (probes handed out unsigned and every well-formed one counts).
   *
   * @return whether it says off
   */
  public static boolean probeAuthOff(String value, String source, String field)
      throws InputException {
    return switch (value) {
      case "required" -> false;
      case "off" -> true;
      default ->
          throw new InputException(source, field, "must be \"required\" or \"off\", got " + value);
    };
  }

  /**
   * Reads the fleet's probe key file (docs/operations.md, "Authenticated probes").
   *
   * @param source the file field or flag that named it, for errors
   */
  public static KeyRing loadProbeKeys(Path keyFile, String source) throws InputException {
    return KeyRing.load(keyFile, source);
  }

  private ContentConfig content(JsonNode c) throws InputException {
    fields.known(c, CONTENT, "content.");
    String mode = c.has("mode") ? fields.text(c, "mode", "content.") : "generate";
    ContentConfig.Mode m;
    switch (mode.toLowerCase(Locale.ROOT)) {
      case "generate" -> m = ContentConfig.Mode.GENERATE;
      case "proxy" -> m = ContentConfig.Mode.PROXY;
      default ->
          throw new InputException(
              file, "content.mode", "expected 'generate' or 'proxy', got '" + mode + "'");
    }
    int body =
        c.has("bodyBytes")
            ? fields.integer(c, "bodyBytes", "content.")
            : ContentConfig.DEFAULT_BODY_BYTES;
    HostPort origin = c.has("origin") ? fields.address(c, "origin", "content.") : null;
    int conns =
        c.has("connections")
            ? fields.integer(c, "connections", "content.")
            : ContentConfig.DEFAULT_ORIGIN_CONNECTIONS;
    Duration timeout =
        c.has("timeoutMs")
            ? Duration.ofMillis(fields.integer(c, "timeoutMs", "content."))
            : ContentConfig.DEFAULT_ORIGIN_TIMEOUT;
    Set<String> hops = new LinkedHashSet<>();
    if (c.has("trustedHops")) {
      JsonNode h = c.get("trustedHops");
      if (!h.isArray()) {
        throw new InputException(file, "content.trustedHops", "expected a list of IP addresses");
      }
      for (JsonNode e : h) {
        if (!e.isTextual()) {
          throw new InputException(
              file, "content.trustedHops", "expected IP address strings, got " + e);
        }
        hops.add(e.asText());
      }
    }
    try {
      return new ContentConfig(m, body, origin, conns, timeout, hops);
    } catch (IllegalArgumentException e) {
      throw fields.fieldError(e);
    }
  }

  private HttpLimits limits(JsonNode l) throws InputException {
    fields.known(l, LIMITS, "limits.");
    HttpLimits d = HttpLimits.defaults();
    try {
      return new HttpLimits(
          l.has("maxInitialLineBytes")
              ? fields.integer(l, "maxInitialLineBytes", "limits.")
              : d.maxInitialLineBytes(),
          l.has("maxHeaderBytes")
              ? fields.integer(l, "maxHeaderBytes", "limits.")
              : d.maxHeaderBytes(),
          l.has("maxBodyBytes") ? fields.integer(l, "maxBodyBytes", "limits.") : d.maxBodyBytes(),
          l.has("idleTimeoutMs")
              ? Duration.ofMillis(fields.integer(l, "idleTimeoutMs", "limits."))
              : d.idleTimeout(),
          l.has("maxPipelined") ? fields.integer(l, "maxPipelined", "limits.") : d.maxPipelined(),
          l.has("headerDeadlineMs")
              ? Duration.ofMillis(fields.integer(l, "headerDeadlineMs", "limits."))
              : d.headerDeadline(),
          l.has("maxConnections")
              ? fields.integer(l, "maxConnections", "limits.")
              : d.maxConnections(),
          l.has("maxConnectionsPerClient")
              ? fields.integer(l, "maxConnectionsPerClient", "limits.")
              : d.maxConnectionsPerClient());
    } catch (IllegalArgumentException e) {
      throw fields.fieldError("limits.", e);
    }
  }

  /** Turns a record's {@code field: reason} exception into an InputException for this file. */
  public InputException fieldError(IllegalArgumentException e) {
    return fields.fieldError(e);
  }

  /** Builds the configuration, reporting a bad value against {@code file}. */
  public static ProxyConfig build(ProxyConfig.Builder b, String file) throws InputException {
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new ProxyJsonFields(file).fieldError(e);
    }
  }

  /**
   * The admin access of an {@code adminTokenFile} field (a key file, relative to the configuration
   * file): bearer tokens for admin writes.
   */
  public static AdminAccess adminAccess(JsonNode root, Path base, String file)
      throws InputException {
    JsonNode v = root.get("adminTokenFile");
    if (v.isNull()) {
      return AdminAccess.LOOPBACK_ONLY;
    }
    if (!v.isTextual() || v.asText().isBlank()) {
      throw new InputException(file, "adminTokenFile", "expected a file name, got " + v);
    }
    return AdminAccess.withToken(KeyRing.load(base.resolve(v.asText()), file + ":adminTokenFile"));
  }
}
