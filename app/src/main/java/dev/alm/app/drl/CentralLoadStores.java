package dev.alm.app.drl;

import dev.alm.app.UserError;
import dev.alm.drl.central.CentralCounters;
import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.LeaseCodec;
import dev.alm.drl.central.RedisLimiter;
import dev.alm.drl.central.RedisLimiterConfig;
import dev.alm.drl.central.TokenLeaseClient;
import dev.alm.drl.central.TokenLeaseClientConfig;
import dev.alm.drl.central.TokenServer;
import dev.alm.drl.central.TokenServerCore;
import dev.alm.drl.central.TokenServerSettings;
import dev.alm.io.KeyRing;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The central store of {@code alm drl central-load} and its clients, one per PoP: Redis limiters on
 * one bucket, or a token server and its lease clients; with how the outage drill stops the store
 * and brings it back. Closing closes everything, last opened first.
 */
final class CentralLoadStores implements AutoCloseable {

  private final List<AutoCloseable> closing = new ArrayList<>();
  private final List<LimiterUnderTest> limiters = new ArrayList<>();
  private final List<CentralCounters> counters = new ArrayList<>();
  private Runnable stop = () -> {};
  private Runnable resume = () -> {};

  private CentralLoadStores() {}

  /**
   * {@code clients} Redis limiters on one bucket; the outage pauses Redis's clients for pauseMs.
   */
  static CentralLoadStores redis(
      String uri, int clients, CentralLimit cl, Duration timeout, FailurePolicy fp, long pauseMs) {
    CentralLoadStores s = new CentralLoadStores();
    try {
      String prefix = "alm:load:" + System.nanoTime() + ":"; // one bucket for all clients
      for (int i = 0; i < clients; i++) {
        RedisLimiter r;
        try {
          r =
              RedisLimiter.connect(
                  RedisLimiterConfig.builder(uri)
                      .timeout(timeout)
                      .policy(fp)
                      .keyPrefix(prefix)
                      .customers(List.of(cl))
                      .build());
        } catch (IllegalArgumentException | IOException e) {
          throw new UserError("--redis: " + e.getMessage());
        }
        s.add(r, r::tryAcquire, r.counters());
      }
      RedisClient admin = RedisClient.create(uri);
      s.closing.add(() -> admin.shutdown(Duration.ZERO, Duration.ofSeconds(1)));
      StatefulRedisConnection<String, String> c = admin.connect();
      s.closing.add(c);
      s.stop = () -> c.async().clientPause(pauseMs);
      return s;
    } catch (RuntimeException e) {
      s.close();
      throw e;
    }
  }

  /**
   * A token server and {@code clients} lease clients; the outage closes the server and restarts it.
   */
  static CentralLoadStores tokenServer(
      int clients, CentralLimit cl, Duration timeout, FailurePolicy fp, Duration leaseTime)
      throws InterruptedException {
    CentralLoadStores s = new CentralLoadStores();
    try {
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      KeyRing keys = KeyRing.of(key);
      TokenServerSettings settings = TokenServerSettings.DEFAULTS.withLease(leaseTime);
      TokenServer[] server = {startServer(keys, settings, cl, 0)};
      InetSocketAddress at = server[0].address();
      s.closing.add(() -> server[0].close());
      for (int i = 0; i < clients; i++) {
        TokenLeaseClient c =
            TokenLeaseClient.start(
                TokenLeaseClientConfig.builder(at, keys).timeout(timeout).policy(fp).build());
        s.add(c, c::tryAcquire, c.counters());
      }
      s.stop = () -> server[0].close();
      s.resume =
          () -> {
            try {
              server[0] = startServer(keys, settings, cl, at.getPort());
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          };
      return s;
    } catch (InterruptedException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  private static TokenServer startServer(
      KeyRing keys, TokenServerSettings settings, CentralLimit cl, int port)
      throws InterruptedException {
    return TokenServer.start(
        new TokenServerCore(new LeaseCodec(keys), settings, List.of(cl), System.nanoTime()),
        new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
  }

  private void add(AutoCloseable client, LimiterUnderTest limiter, CentralCounters counted) {
    closing.add(client);
    limiters.add(limiter);
    counters.add(counted);
  }

  List<LimiterUnderTest> limiters() {
    return limiters;
  }

  List<CentralCounters> counters() {
    return counters;
  }

  /** The drill's stop of the store. */
  Runnable stop() {
    return stop;
  }

  /** The drill's return of the store. */
  Runnable resume() {
    return resume;
  }

  @Override
  public void close() {
    for (int i = closing.size() - 1; i >= 0; i--) {
      try {
        closing.get(i).close();
      } catch (Exception e) {
        System.err.println("alm drl central-load: closing: " + e);
      }
    }
  }
}
