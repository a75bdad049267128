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
import java.util.concurrent.CompletionStage;
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

  /**
   * The central customers' limits as a store holds them: one bucket per customer of its limit (its
   * unit/s), {@code burstSeconds} of it deep (at least one unit).
   */
  static List<CentralLimit> centralLimits(List<CustomerSpec> customers) {
    List<CentralLimit> limits = new ArrayList<>();
    for (CustomerSpec c : customers) {
      if (c.mode() == LimitMode.CENTRAL) {
        limits.add(
            new CentralLimit(c.name(), c.limit(), Math.max(1, c.limit() * c.burstSeconds())));
      }
    }
    return limits;
  }

  /**
   * The proxy's seam to a Redis store: each request asks the customer's bucket, and the buckets
   * follow the proxy's customers, so that a customer added or made central by {@code POST
   * /customers} is limited exactly as one in the configuration at start.
   */
  private record RedisStore(RedisLimiter redis) implements CentralLimiter {
    @Override
    public CompletionStage<Boolean> tryAcquire(String customer, long units) {
      return redis.tryAcquire(customer, units);
    }

    @Override
    public void setCustomers(List<CustomerSpec> central) {
      redis.setLimits(centralLimits(central));
    }
  }

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
    List<CentralLimit> limits = centralLimits(customers.customers());
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
      return new Store(new RedisStore(r), r, "redis " + redis);
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
