package dev.alm.app;

import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.RedisLimiter;
import dev.alm.drl.central.RedisLimiterConfig;
import dev.alm.drl.central.TokenLeaseClient;
import dev.alm.drl.central.TokenLeaseClientConfig;
import dev.alm.io.InputException;
import dev.alm.io.KeyRing;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.LimitMode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The central store of customers in mode {@code central} (docs/ratelimit/central.md): a Redis
 * server holding one token bucket per customer ({@code --redis}), or a token server leasing batches
 * ({@code --token-server} with {@code --token-key}). Shared by {@code alm pop} and {@code alm
 * proxy}.
 */
final class CentralStoreOption {

  @Option(
      names = "--redis",
      paramLabel = "URI",
      description =
          "Central customers ask this Redis server (redis://HOST:PORT) for every request: one token"
              + " bucket per customer at its global limit (Bucket4j over Lettuce).")
  String redis;

  @Option(
      names = "--token-server",
      paramLabel = "HOST:PORT",
      description =
          "Central customers lease tokens in batches from this token server (alm drl"
              + " token-server); needs --token-key.")
  String tokenServer;

  @Option(
      names = "--token-key",
      paramLabel = "FILE",
      description = "The token server's key file (current key, then the previous one).")
  Path tokenKey;

  /** An open store: its limiter for the proxy, closed with the daemon. */
  record Store(CentralLimiter limiter, AutoCloseable resource, String description) {}

  /**
   * Opens the store the flags name for {@code customers}' central customers; null when no flag is
   * given.
   *
   * @throws UserError when flags contradict each other or the store cannot be reached
   */
  Store open(CustomersConfig customers) throws UserError, InterruptedException {
    if (redis != null && tokenServer != null) {
      throw new UserError("--redis and --token-server: give one central store, not both");
    }
    if (tokenKey != null && tokenServer == null) {
      throw new UserError("--token-key: only with --token-server");
    }
    List<CentralLimit> limits = new ArrayList<>();
    for (CustomerSpec c : customers.customers()) {
      if (c.mode() == LimitMode.CENTRAL) {
        limits.add(
            new CentralLimit(c.name(), c.limit(), Math.max(1, c.limit() * c.burstSeconds())));
      }
    }
    if (redis == null && tokenServer == null) {
      if (!limits.isEmpty()) {
        throw new UserError(
            "customers: "
                + limits.get(0).name()
                + " is in mode central: give --redis URI or --token-server HOST:PORT");
      }
      return null;
    }
    if (redis != null) {
      if (!redis.startsWith("redis://") && !redis.startsWith("rediss://")) {
        throw new UserError("--redis: expected redis://HOST:PORT, got '" + redis + "'");
      }
      RedisLimiter r;
      try {
        // DEFER: a failed or late store is decided by the proxy's centralFailOpen, not here.
        r =
            RedisLimiter.connect(
                RedisLimiterConfig.builder(redis)
                    .policy(FailurePolicy.DEFER)
                    .customers(limits)
                    .build());
      } catch (IOException | IllegalArgumentException e) {
        throw new UserError("--redis: " + e.getMessage());
      }
      return new Store(r::tryAcquire, r, "redis " + redis);
    }
    if (tokenKey == null) {
      throw new UserError("--token-server: needs --token-key FILE (the server's key file)");
    }
    HostPort at;
    try {
      at = HostPort.parse(tokenServer);
    } catch (IllegalArgumentException e) {
      throw new UserError("--token-server: " + e.getMessage());
    }
    KeyRing keys;
    try {
      keys = KeyRing.load(tokenKey, "--token-key");
    } catch (InputException e) {
      throw new UserError(e.getMessage());
    }
    TokenLeaseClient t =
        TokenLeaseClient.start(
            TokenLeaseClientConfig.builder(new InetSocketAddress(at.host(), at.port()), keys)
                .policy(FailurePolicy.DEFER)
                .build());
    return new Store(t::tryAcquire, t, "token server " + tokenServer);
  }
}
