package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bucket4j over a real redis-server on loopback: the global limit, and Redis stopped mid-run. */
class RedisLimiterTest {

  @BeforeAll
  static void redisInstalled() {
    assumeTrue(RedisServerProcess.installed(), "redis-server is not installed");
  }

  @Test
  void twoClientsShareOneGlobalLimit() throws Exception {
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      RedisLimiterConfig config =
          RedisLimiterConfig.builder(redis.uri())
              .timeout(Duration.ofSeconds(1)) // generous: only the store's answers count here
              .policy(FailurePolicy.FAIL_CLOSED)
              .customers(List.of(new CentralLimit("acme", 100, 100)))
              .build();
      try (RedisLimiter a = RedisLimiter.connect(config);
          RedisLimiter b = RedisLimiter.connect(config)) {
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(2);
        int calls = 0;
        while (System.nanoTime() < end && calls < 200_000) {
          CompletableFuture<Boolean> x = a.tryAcquire("acme", 1).toCompletableFuture();
          CompletableFuture<Boolean> y = b.tryAcquire("acme", 1).toCompletableFuture();
          x.get(5, TimeUnit.SECONDS);
          y.get(5, TimeUnit.SECONDS);
          calls += 2;
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long admitted = a.counters().admitted() + b.counters().admitted();
        System.out.printf(
            "redis, 2 clients, limit 100/s burst 100: admitted %d in %.2f s (bound %.0f)%n",
            admitted, elapsed, 100 + 100 * elapsed);
        // Token bucket bound: burst + rate x t, and a little for the time the last calls took.
        assertTrue(
            admitted <= 100 + 100 * (elapsed + 0.5),
            "admitted " + admitted + " in " + elapsed + " s");
        assertTrue(admitted >= 100, "at least the burst: " + admitted);
        assertTrue(a.counters().admitted() > 0 && b.counters().admitted() > 0, "both served");
        assertTrue(a.counters().rejected() + b.counters().rejected() > 0, "the limit bit");
        assertEquals(0, a.counters().failedClosed() + b.counters().failedClosed());
      }
    }
  }

  @Test
  void redisStoppedMidRunFollowsThePolicyAndCountsIt() throws Exception {
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      List<CentralLimit> customers = List.of(new CentralLimit("acme", 1_000_000, 1_000_000));
      RedisLimiterConfig open =
          RedisLimiterConfig.builder(redis.uri())
              .policy(FailurePolicy.FAIL_OPEN)
              .customers(customers)
              .build();
      RedisLimiterConfig closed =
          RedisLimiterConfig.builder(redis.uri())
              .policy(FailurePolicy.FAIL_CLOSED)
              .customers(customers)
              .build();
      try (RedisLimiter o = RedisLimiter.connect(open);
          RedisLimiter c = RedisLimiter.connect(closed)) {
        OpenAndClosed both = new OpenAndClosed(o, c);
        // Warm up while Redis answers (a slow first call may fail by policy: not counted here).
        both.ask("acme", 20);
        assertTrue(o.counters().admitted() > 0 && c.counters().admitted() > 0);
        redis.stop();
        long openBefore = o.counters().failedOpen();
        long closedBefore = c.counters().failedClosed();
        both.assertPoliciesWhileDown("acme", 50);
        assertEquals(50, o.counters().failedOpen() - openBefore);
        assertEquals(50, c.counters().failedClosed() - closedBefore);
        assertEquals(
            o.counters().failedOpen(), o.counters().timeouts() + o.counters().errors(), "why");
      }
    }
  }

  /** A limiter with {@code policy} on {@code redis}, for customer acme with a large limit. */
  private static RedisLimiter connect(RedisServerProcess redis, FailurePolicy policy)
      throws IOException {
    return RedisLimiter.connect(
        RedisLimiterConfig.builder(redis.uri())
            .policy(policy)
            .customers(List.of(CentralLimit.of("acme", 1_000_000)))
            .build());
  }

  @Test
  void decisionsComeFromRedisAgainOnceItIsBack() throws Exception {
    try (RedisServerProcess redis = RedisServerProcess.start();
        RedisLimiter l = connect(redis, FailurePolicy.FAIL_CLOSED)) {
      redis.stop();
      assertFalse(l.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      redis.restart();
      long before = l.counters().admitted();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (l.counters().admitted() == before && System.nanoTime() < deadline) {
        l.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
        Thread.sleep(20);
      }
      assertTrue(l.counters().admitted() > before, "reconnected: " + l.counters());
    }
  }

  @Test
  void deferLeavesAFailureToTheCallerAsAnExceptionalStage() throws Exception {
    try (RedisServerProcess redis = RedisServerProcess.start();
        RedisLimiter l = connect(redis, FailurePolicy.DEFER)) {
      assertTrue(l.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      redis.stop();
      for (int i = 0; i < 10; i++) {
        ExecutionException e =
            Assertions.assertThrows(
                ExecutionException.class,
                () -> l.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof CentralUnavailableException, e.toString());
      }
      assertEquals(10, l.counters().deferred());
      assertEquals(0, l.counters().failedOpen() + l.counters().failedClosed());
      assertEquals("defer", l.status().get("policy"));
    }
  }

  @Test
  void unknownCustomerIsAdmittedWithoutACall() throws Exception {
    try (RedisServerProcess redis = RedisServerProcess.start();
        RedisLimiter l =
            RedisLimiter.connect(
                RedisLimiterConfig.builder(redis.uri())
                    .customers(List.of(CentralLimit.of("acme", 10)))
                    .build())) {
      assertTrue(l.tryAcquire("other", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      assertEquals(1, l.counters().unknownCustomer());
      assertEquals(true, l.status().get("connected"));
      assertEquals(0, l.counters().admitted());
    }
  }

  @Test
  void unreachableRedisAtStartIsAOneLineError() {
    RedisLimiterConfig config =
        RedisLimiterConfig.builder("redis://127.0.0.1:1")
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    IOException e = Assertions.assertThrows(IOException.class, () -> RedisLimiter.connect(config));
    assertTrue(e.getMessage().startsWith("redis redis://127.0.0.1:1: cannot connect"));
    assertFalse(e.getMessage().contains("\n"));
  }
}
