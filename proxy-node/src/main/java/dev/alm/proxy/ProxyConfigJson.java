package dev.alm.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.CustomersJson;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Reads a proxy configuration file (JSON, docs/proxy-node.md) onto a {@link ProxyConfig.Builder}.
 * Unknown fields, wrong types and bad values are reported as {@link InputException} with the file,
 * the field and the reason.
 */
public final class ProxyConfigJson {

  /** What the fields are set on: the builder, and the directory relative paths are named from. */
  private record Target(ProxyConfig.Builder b, Path base) {
    Path resolve(JsonFields f, String field) throws InputException {
      return f.node().get(field).isNull() ? null : base.resolve(ProxyJsonFields.text(f, field));
    }
  }

  /** The probes' authentication: {@code probeAuth}, the key file, the window and the allowances. */
  private static final JsonBinding<ProbeAuthConfig.Builder> PROBE_AUTH =
      JsonBinding.<ProbeAuthConfig.Builder>builder()
          .nullable(
              "probeAuth",
              (f, n, p) -> p.unsignedAllowed(probeAuthOff(ProxyJsonFields.text(f, n), f.file(), n)))
          .field("probeKeyFile", ProxyConfigJson::probeKeyFile)
          .nullable("probeLifetimeSeconds", (f, n, p) -> p.lifetime(seconds(f, n)))
          .nullable("probeClockSkewSeconds", (f, n, p) -> p.clockSkew(seconds(f, n)))
          .nullable("probeMaxNonces", (f, n, p) -> p.maxNonces(ProxyJsonFields.integer(f, n)))
          .nullable("probeClientRate", (f, n, p) -> p.clientRate(ProxyJsonFields.number(f, n)))
          .nullable("probeClientBurst", (f, n, p) -> p.clientBurst(ProxyJsonFields.number(f, n)))
          .nullable(
              "probeEchoPrefixRate", (f, n, p) -> p.echoPrefixRate(ProxyJsonFields.number(f, n)))
          .nullable(
              "probeEchoPrefixBurst", (f, n, p) -> p.echoPrefixBurst(ProxyJsonFields.number(f, n)))
          .build();

  /** The customers the proxy limits and how (docs/ratelimit/enforcement.md). */
  private static final JsonBinding<CustomersConfig.Builder> CUSTOMERS =
      JsonBinding.<CustomersConfig.Builder>builder()
          .field("customers", (f, n, c) -> c.customers(CustomersJson.list(f, n)))
          .field("customerLimiters", (f, n, c) -> c.limiters(f.integer(n, 0, 1, 100_000)))
          .bool("centralFailOpen", CustomersConfig.Builder::centralFailOpen)
          .field(
              "centralTimeoutMs",
              (f, n, c) -> c.centralTimeout(Duration.ofMillis(f.integer(n, 0, 1, 60_000))))
          .field("maxClientsPerCustomer", (f, n, c) -> c.maxClients(f.integer(n, 0, 1, 10_000_000)))
          .bool("rateLimitHeaders", CustomersConfig.Builder::rateLimitHeaders)
          .build();

  private static final JsonBinding<ContentConfig.Builder> CONTENT =
      JsonBinding.<ContentConfig.Builder>builder()
          .nullable("mode", (f, n, c) -> c.mode(mode(f, n)))
          .nullable("bodyBytes", (f, n, c) -> c.bodyBytes(ProxyJsonFields.integer(f, n)))
          .nullable("origin", (f, n, c) -> c.origin(ProxyJsonFields.address(f, n)))
          .nullable("connections", (f, n, c) -> c.originConnections(ProxyJsonFields.integer(f, n)))
          .nullable("timeoutMs", (f, n, c) -> c.originTimeout(millis(f, n)))
          .nullable("trustedHops", (f, n, c) -> c.trustedHops(trustedHops(f, n)))
          .build();

  private static final JsonBinding<HttpLimits.Builder> LIMITS =
      JsonBinding.<HttpLimits.Builder>builder()
          .nullable(
              "maxInitialLineBytes",
              (f, n, l) -> l.maxInitialLineBytes(ProxyJsonFields.integer(f, n)))
          .nullable("maxHeaderBytes", (f, n, l) -> l.maxHeaderBytes(ProxyJsonFields.integer(f, n)))
          .nullable("maxBodyBytes", (f, n, l) -> l.maxBodyBytes(ProxyJsonFields.integer(f, n)))
          .nullable("idleTimeoutMs", (f, n, l) -> l.idleTimeout(millis(f, n)))
          .nullable("maxPipelined", (f, n, l) -> l.maxPipelined(ProxyJsonFields.integer(f, n)))
          .nullable("headerDeadlineMs", (f, n, l) -> l.headerDeadline(millis(f, n)))
          .nullable("maxConnections", (f, n, l) -> l.maxConnections(ProxyJsonFields.integer(f, n)))
          .nullable(
              "maxConnectionsPerClient",
              (f, n, l) -> l.maxConnectionsPerClient(ProxyJsonFields.integer(f, n)))
          .nullable(
              "maxConnectionAgeMs",
              (f, n, l) -> l.maxConnectionAge(Duration.ofMillis(f.integer(n, 0, 0, 86_400_000))))
          .build();

  /** The file's fields, in the order they are read and checked. */
  private static final JsonBinding<Target> TOP =
      JsonBinding.<Target>builder()
          .nullable("pop", (f, n, t) -> t.b().pop(ProxyJsonFields.text(f, n)))
          .nullable("zone", (f, n, t) -> t.b().zone(ProxyJsonFields.text(f, n)))
          .nullable("listen", (f, n, t) -> t.b().listen(ProxyJsonFields.address(f, n)))
          .nullable(
              "admin",
              (f, n, t) ->
                  t.b().admin(f.node().get(n).isNull() ? null : ProxyJsonFields.address(f, n)))
          .nullable(
              "adminTokenFile",
              (f, n, t) -> t.b().adminAccess(adminAccess(f.node(), t.base(), f.file())))
          .nullable("capacity", (f, n, t) -> t.b().capacity(ProxyJsonFields.number(f, n)))
          .nullable("ceilingFactor", (f, n, t) -> t.b().ceilingFactor(ProxyJsonFields.number(f, n)))
          .nullable("burstSeconds", (f, n, t) -> t.b().burstSeconds(ProxyJsonFields.number(f, n)))
          .nullable("controlIntervalMs", (f, n, t) -> t.b().controlInterval(millis(f, n)))
          .nullable("meterBuckets", (f, n, t) -> t.b().meterBuckets(ProxyJsonFields.integer(f, n)))
          .nullable(
              "ewmaSeconds",
              (f, n, t) ->
                  t.b().ewmaTau(Duration.ofNanos(Math.round(ProxyJsonFields.number(f, n) * 1e9))))
          .nullable("measure", (f, n, t) -> t.b().measure(measure(f, n)))
          .nullable("accessLog", (f, n, t) -> t.b().accessLog(t.resolve(f, n)))
          .nullable("probeLog", (f, n, t) -> t.b().probeLog(t.resolve(f, n)))
          .nullable("logQueue", (f, n, t) -> t.b().logQueue(ProxyJsonFields.integer(f, n)))
          .nullable("ioThreads", (f, n, t) -> t.b().ioThreads(ProxyJsonFields.integer(f, n)))
          .nullable(
              "maxProbePairs", (f, n, t) -> t.b().maxProbePairs(ProxyJsonFields.integer(f, n)))
          .group(
              PROBE_AUTH,
              t -> t.b().probeAuth().toBuilder(),
              (f, t, p) -> t.b().probeAuth(built(f, "", p::build)))
          .nullable(
              "content",
              (f, n, t) ->
                  t.b()
                      .content(
                          section(
                              f,
                              n,
                              CONTENT,
                              ContentConfig.builder(),
                              ContentConfig.Builder::build,
                              "")))
          .nullable(
              "limits",
              (f, n, t) ->
                  t.b()
                      .limits(
                          section(
                              f,
                              n,
                              LIMITS,
                              HttpLimits.builder(),
                              HttpLimits.Builder::build,
                              "limits.")))
          .group(
              CUSTOMERS,
              t -> CustomersConfig.builder(),
              (f, t, c) -> t.b().customers(built(f, "", c::build)))
          .build();

  private ProxyConfigJson() {}

  /**
   * Reads {@code path} onto a builder holding the defaults; relative log paths are relative to the
   * file.
   */
  public static ProxyConfig.Builder read(Path path) throws InputException {
    JsonFields f = JsonFields.of(path.toString(), JsonFields.readObject(path));
    ProxyJsonFields.known(f, TOP.names());
    ProxyConfig.Builder b = ProxyConfig.builder();
    TOP.apply(f, new Target(b, path.toAbsolutePath().getParent()));
    return b;
  }

  /**
   * A section object ({@code content}, {@code limits}) read onto its record's builder; the record's
   * refusals name their field inside {@code prefix}.
   */
  private static <G, R> R section(
      JsonFields f,
      String field,
      JsonBinding<G> binding,
      G builder,
      Function<G, R> build,
      String prefix)
      throws InputException {
    JsonFields s = ProxyJsonFields.object(f, field);
    ProxyJsonFields.known(s, binding.names());
    binding.apply(s, builder);
    return built(f, prefix, () -> build.apply(builder));
  }

  /**
   * What {@code build} makes; its refusal ({@code field: reason}) is reported against the field.
   */
  private static <R> R built(JsonFields f, String prefix, Supplier<R> build) throws InputException {
    try {
      return build.get();
    } catch (IllegalArgumentException e) {
      throw ProxyJsonFields.fieldError(f.file(), prefix, e);
    }
  }

  private static Duration millis(JsonFields f, String field) throws InputException {
    return Duration.ofMillis(ProxyJsonFields.integer(f, field));
  }

  private static Duration seconds(JsonFields f, String field) throws InputException {
    return Duration.ofSeconds(ProxyJsonFields.integer(f, field));
  }

  private static boolean measure(JsonFields f, String field) throws InputException {
    JsonNode v = f.node().get(field);
    if (!v.isBoolean()) {
      throw new InputException(f.file(), field, "expected true or false, got " + v);
    }
    return v.booleanValue();
  }

  private static void probeKeyFile(JsonFields f, String field, ProbeAuthConfig.Builder p)
      throws InputException {
    if (p.unsignedAllowed()) {
      throw new InputException(f.file(), "probeAuth", "off, but probeKeyFile names a key");
    }
    Path base = Path.of(f.file()).toAbsolutePath().getParent();
    p.keys(loadProbeKeys(base.resolve(ProxyJsonFields.text(f, field)), f.file() + ":" + field));
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
   * Reads the fleet's probe key file (docs/operations/probes.md, "Authenticated probes").
   *
   * @param source the file field or flag that named it, for errors
   */
  public static KeyRing loadProbeKeys(Path keyFile, String source) throws InputException {
    return KeyRing.load(keyFile, source);
  }

  private static ContentConfig.Mode mode(JsonFields f, String field) throws InputException {
    String mode = ProxyJsonFields.text(f, field);
    return switch (mode.toLowerCase(Locale.ROOT)) {
      case "generate" -> ContentConfig.Mode.GENERATE;
      case "proxy" -> ContentConfig.Mode.PROXY;
      default ->
          throw new InputException(
              f.file(), f.where(field), "expected 'generate' or 'proxy', got '" + mode + "'");
    };
  }

  private static Set<String> trustedHops(JsonFields f, String field) throws InputException {
    JsonNode h = f.node().get(field);
    if (!h.isArray()) {
      throw new InputException(f.file(), f.where(field), "expected a list of IP addresses");
    }
    Set<String> hops = new LinkedHashSet<>();
    for (JsonNode e : h) {
      if (!e.isTextual()) {
        throw new InputException(f.file(), f.where(field), "expected IP address strings, got " + e);
      }
      hops.add(e.asText());
    }
    return hops;
  }

  /** Builds the configuration, reporting a bad value against {@code file}. */
  public static ProxyConfig build(ProxyConfig.Builder b, String file) throws InputException {
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw ProxyJsonFields.fieldError(file, e);
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
