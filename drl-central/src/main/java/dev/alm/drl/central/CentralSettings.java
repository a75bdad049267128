package dev.alm.drl.central;

import dev.alm.io.KeyRing;
import dev.alm.node.HostPort;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Which central baseline a proxy runs and how to reach it: a Bucket4j bucket in Redis, or a token
 * server's leases. Read from config by {@link CentralSettingsJson}; {@link #start} connects.
 */
public sealed interface CentralSettings {

  /** The per-call timeout. */
  Duration timeout();

  /** The answer when the store is silent. */
  FailurePolicy policy();

  /**
   * Starts the baseline for {@code customers} (blocking: at start-up, not on an event loop).
   *
   * @throws IOException when Redis cannot be reached (one line)
   */
  CentralBaseline start(List<CentralLimit> customers) throws IOException, InterruptedException;

  /** Storage-based throttling in Redis ({@link RedisLimiter}). */
  record RedisMode(String uri, Duration timeout, FailurePolicy policy, String keyPrefix)
      implements CentralSettings {
    @Override
    public CentralBaseline start(List<CentralLimit> customers) throws IOException {
      return RedisLimiter.connect(
          RedisLimiterConfig.builder(uri)
              .timeout(timeout)
              .policy(policy)
              .keyPrefix(keyPrefix)
              .customers(customers)
              .build());
    }
  }

  /** Leases from a token server ({@link TokenLeaseClient}); the limits live on the server. */
  record TokenServerMode(HostPort server, KeyRing keys, Duration timeout, FailurePolicy policy)
      implements CentralSettings {
    @Override
    public CentralBaseline start(List<CentralLimit> customers) throws InterruptedException {
      return TokenLeaseClient.start(
          TokenLeaseClientConfig.builder(server.socketAddress(), keys)
              .timeout(timeout)
              .policy(policy)
              .build());
    }
  }
}
