package dev.alm.drl.central;

import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.node.HostPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

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

  private static final Set<String> REDIS =
      Set.of("mode", "redis", "timeoutMs", "policy", "keyPrefix");
  private static final Set<String> TOKEN_SERVER =
      Set.of("mode", "server", "keyFile", "timeoutMs", "policy");

  private CentralSettingsJson() {}

  /** Reads {@code f}; {@code base} is the directory the key file is named relative to. */
  public static CentralSettings read(JsonFields f, Path base) throws InputException {
    if (!f.has("mode")) {
      throw f.error("mode", "required (redis or token-server)");
    }
    String mode = f.text("mode");
    Duration timeout =
        Duration.ofMillis(
            f.integer("timeoutMs", (int) RedisLimiterConfig.DEFAULT_TIMEOUT.toMillis(), 1, 10_000));
    FailurePolicy policy;
    try {
      policy = FailurePolicy.parse(f.text("policy", "open"));
    } catch (IllegalArgumentException e) {
      throw f.error("policy", e.getMessage());
    }
    switch (mode) {
      case "redis" -> {
        f.only(REDIS);
        if (!f.has("redis")) {
          throw f.error("redis", "required with mode redis, e.g. redis://127.0.0.1:6379");
        }
        String uri = f.text("redis");
        String prefix = f.text("keyPrefix", RedisLimiterConfig.DEFAULT_KEY_PREFIX);
        try {
          RedisLimiterConfig.builder(uri).keyPrefix(prefix).build();
        } catch (IllegalArgumentException e) {
          throw f.error("redis", e.getMessage());
        }
        return new CentralSettings.RedisMode(uri, timeout, policy, prefix);
      }
      case "token-server" -> {
        f.only(TOKEN_SERVER);
        if (!f.has("server")) {
          throw f.error("server", "required with mode token-server, e.g. 127.0.0.1:7350");
        }
        HostPort server;
        try {
          server = HostPort.parse(f.text("server"));
        } catch (IllegalArgumentException e) {
          throw f.error("server", e.getMessage());
        }
        if (!f.has("keyFile")) {
          throw f.error("keyFile", "required with mode token-server");
        }
        KeyRing keys = KeyRing.load(base.resolve(f.text("keyFile")), f.where("keyFile"));
        return new CentralSettings.TokenServerMode(server, keys, timeout, policy);
      }
      default -> throw f.error("mode", "redis or token-server, got '" + mode + "'");
    }
  }
}
