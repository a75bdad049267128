package dev.alm.drl.central;

import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.node.HostPort;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Reads a central baseline's settings from a config object. Every error names the file, the field
 * and the reason.
 *
 * <pre>
 * {"mode": "redis", "redis": "redis://127.0.0.1:6379", "timeoutMs": 50, "policy": "open"}
 * {"mode": "token-server", "server": "127.0.0.1:7350", "keyFile": "fleet.key", "policy": "closed"}
 * </pre>
 *
 * {@code timeoutMs} is 1 to 10,000 (default 50); {@code policy} is {@code open} (default) or {@code
 * closed}; {@code keyPrefix} (redis only) defaults to {@code alm:rl:}; the key file is read
 * relative to {@code base}, with {@link KeyRing}'s checks.
 */
public final class CentralSettingsJson {

  /** The fields as read, before the mode's record is made of them. */
  private static final class Draft {
    final Path base;
    String mode;
    Duration timeout = RedisLimiterConfig.DEFAULT_TIMEOUT;
    FailurePolicy policy = FailurePolicy.FAIL_OPEN;
    String uri;
    String prefix = RedisLimiterConfig.DEFAULT_KEY_PREFIX;
    HostPort server;
    KeyRing keys;

    Draft(Path base) {
      this.base = base;
    }
  }

  /** The fields of both modes, read first: the mode decides which other fields are known. */
  private static final JsonBinding<Draft> COMMON =
      JsonBinding.<Draft>builder()
          .required("mode", "required (redis or token-server)", (f, n, d) -> d.mode = f.text(n))
          .field(
              "timeoutMs",
              (f, n, d) ->
                  d.timeout =
                      Duration.ofMillis(
                          f.integer(
                              n, (int) RedisLimiterConfig.DEFAULT_TIMEOUT.toMillis(), 1, 10_000)))
          .field("policy", CentralSettingsJson::policy)
          .build();

  private static final JsonBinding<Draft> REDIS =
      mode()
          .required(
              "redis",
              "required with mode redis, e.g. redis://127.0.0.1:6379",
              (f, n, d) -> d.uri = f.text(n))
          .field(
              "keyPrefix", (f, n, d) -> d.prefix = f.text(n, RedisLimiterConfig.DEFAULT_KEY_PREFIX))
          .build();

  private static final JsonBinding<Draft> TOKEN_SERVER =
      mode()
          .required(
              "server",
              "required with mode token-server, e.g. 127.0.0.1:7350",
              (f, n, d) -> d.server = server(f, n))
          .required(
              "keyFile",
              "required with mode token-server",
              (f, n, d) -> d.keys = KeyRing.load(d.base.resolve(f.text(n)), f.where(n)))
          .build();

  private CentralSettingsJson() {}

  /** Reads {@code f}; {@code base} is the directory the key file is named relative to. */
  public static CentralSettings read(JsonFields f, Path base) throws InputException {
    Draft d = COMMON.apply(f, new Draft(base));
    switch (d.mode) {
      case "redis" -> {
        REDIS.read(f, d);
        try {
          RedisLimiterConfig.builder(d.uri).keyPrefix(d.prefix).build();
        } catch (IllegalArgumentException e) {
          throw f.error("redis", e.getMessage());
        }
        return new CentralSettings.RedisMode(d.uri, d.timeout, d.policy, d.prefix);
      }
      case "token-server" -> {
        TOKEN_SERVER.read(f, d);
        return new CentralSettings.TokenServerMode(d.server, d.keys, d.timeout, d.policy);
      }
      default -> throw f.error("mode", "redis or token-server, got '" + d.mode + "'");
    }
  }

  /** A mode's fields, after those of both modes (known here, read by {@link #COMMON}). */
  private static JsonBinding.Builder<Draft> mode() {
    JsonBinding.Builder<Draft> b = JsonBinding.builder();
    for (String name : COMMON.names()) {
      b.field(name, (f, n, d) -> {});
    }
    return b;
  }

  private static void policy(JsonFields f, String field, Draft d) throws InputException {
    try {
      d.policy = FailurePolicy.parse(f.text(field, "open"));
    } catch (IllegalArgumentException e) {
      throw f.error(field, e.getMessage());
    }
  }

  private static HostPort server(JsonFields f, String field) throws InputException {
    try {
      return HostPort.parse(f.text(field));
    } catch (IllegalArgumentException e) {
      throw f.error(field, e.getMessage());
    }
  }
}
