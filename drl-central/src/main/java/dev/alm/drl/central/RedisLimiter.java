package dev.alm.drl.central;

import io.github.bucket4j.TokensInheritanceStrategy;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Storage-based throttling (article 002 section 4.3): each customer's token bucket lives in one
 * Redis server and every decision is a round trip to it, through Bucket4j's Lettuce integration
 * (compare-and-swap of the bucket state, asynchronous, so the caller's event loop never blocks).
 * The central baseline the distributed agents are measured against: exact while Redis answers, one
 * network hop per request, and at the mercy of the {@link FailurePolicy} when it does not.
 *
 * <p>{@link #tryAcquire} never throws and always completes within the configured timeout (plus
 * timer slack): with the store's answer, or with the policy's answer, counted in {@link
 * #counters()}. Its future completes on a Lettuce or timer thread; a caller on an event loop
 * continues there with {@code thenAcceptAsync(..., eventLoop)}.
 *
 * <p>While Redis is disconnected, commands are rejected at once rather than queued (Lettuce's
 * {@code REJECT_COMMANDS}): a queued decision would spend tokens long after the request it was for
 * had been answered. Lettuce reconnects in the background.
 */
public final class RedisLimiter implements CentralBaseline {

  /** Lettuce's own command timeout, behind the per-call one: frees commands Redis never answers. */
  static final Duration BACKSTOP = Duration.ofSeconds(1);

  /** Compare-and-swap attempts per decision before it fails (and the policy answers). */
  static final int MAX_CAS_RETRIES = 8;

  private final RedisLimiterConfig config;
  private final RedisClient client;
  private final StatefulRedisConnection<String, byte[]> connection;
  private final AsyncProxyManager<String> buckets;
  private final ScheduledThreadPoolExecutor timer;
  private final CentralCounters counters = new CentralCounters();
  private volatile Map<String, AsyncBucketProxy> proxies = Map.of();
  private long version;

  private RedisLimiter(
      RedisLimiterConfig config,
      RedisClient client,
      StatefulRedisConnection<String, byte[]> connection) {
    this.config = config;
    this.client = client;
    this.connection = connection;
    this.buckets =
        Bucket4jLettuce.casBasedBuilder(connection)
            // A decision given up by the caller's timeout must stop retrying its compare-and-swap:
            // left running, abandoned attempts crowd out new ones and the CAS loop collapses.
            .requestTimeout(config.timeout())
            .maxRetries(MAX_CAS_RETRIES)
            .expirationAfterWrite(
                ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                    Duration.ofSeconds(10)))
            .build()
            .asAsync();
    this.timer = new ScheduledThreadPoolExecutor(1, RedisLimiter::timerThread);
    timer.setRemoveOnCancelPolicy(true);
    setLimits(config.customers());
  }

  /**
   * Connects to Redis (blocking, up to the connect timeout: call it at start, not on an event
   * loop).
   *
   * @throws IOException when Redis cannot be reached, with the URI and the reason on one line
   */
  public static RedisLimiter connect(RedisLimiterConfig config) throws IOException {
    Connected c = open(config.redisUri(), config.connectTimeout(), config.timeout());
    return new RedisLimiter(config, c.client(), c.connection());
  }

  /** A client and its one connection (string keys, byte-array values), as the limiters use it. */
  record Connected(RedisClient client, StatefulRedisConnection<String, byte[]> connection) {}

  /**
   * Connects to {@code redisUri} (blocking, up to {@code connectTimeout}): commands rejected at
   * once while disconnected, Lettuce's own timeout a backstop behind the per-call {@code timeout}.
   *
   * @throws IOException when Redis cannot be reached, with the URI and the reason on one line
   */
  static Connected open(String redisUri, Duration connectTimeout, Duration timeout)
      throws IOException {
    RedisURI uri;
    try {
      uri = RedisURI.create(redisUri);
    } catch (IllegalArgumentException e) {
      throw new IOException("redis " + redisUri + ": " + e.getMessage(), e);
    }
    // The URI's timeout bounds the connection handshake (HELLO, CLIENT SETINFO), which a cold JVM
    // can take well over the per-call timeout to run; decisions are bounded by our own timer.
    uri.setTimeout(connectTimeout);
    RedisClient client = RedisClient.create(uri);
    Duration backstop = timeout.compareTo(BACKSTOP) > 0 ? timeout : BACKSTOP;
    client.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .requestQueueSize(100_000)
            // Lettuce's own timeout only clears commands a hung server never answers.
            .timeoutOptions(TimeoutOptions.enabled(backstop))
            .build());
    try {
      StatefulRedisConnection<String, byte[]> c =
          client
              .connectAsync(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE), uri)
              .toCompletableFuture()
              .get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
      return new Connected(client, c);
    } catch (Exception e) {
      client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new IOException(
          "redis " + redisUri + ": cannot connect (" + cause.getMessage() + ")", e);
    }
  }

  /**
   * Takes {@code units} tokens from the customer's bucket in Redis. True if admitted. A customer
   * without a limit is admitted without a call (counted as unknown).
   */
  @Override
  public CompletionStage<Boolean> tryAcquire(String customer, long units) {
    if (units < 1) {
      return CompletableFuture.completedFuture(true);
    }
    AsyncBucketProxy bucket = customer == null ? null : proxies.get(customer);
    if (bucket == null) {
      counters.countUnknownCustomer();
      return CompletableFuture.completedFuture(true);
    }
    CompletableFuture<Boolean> out = new CompletableFuture<>();
    CompletableFuture<Boolean> call;
    try {
      call = bucket.tryConsume(units);
    } catch (RuntimeException e) {
      counters.countFailure(config.policy(), false);
      return config.policy().answered();
    }
    // the deadline and the store's answer race: the first decides, and counts before it completes
    // the stage, so that a caller who sees the answer also sees it counted
    AtomicBoolean decided = new AtomicBoolean();
    ScheduledFuture<?> deadline =
        timer.schedule(
            () -> {
              if (decided.compareAndSet(false, true)) {
                counters.countFailure(config.policy(), true);
                config.policy().answer(out);
              }
            },
            config.timeout().toNanos(),
            TimeUnit.NANOSECONDS);
    call.whenComplete(
        (ok, err) -> {
          deadline.cancel(false);
          if (!decided.compareAndSet(false, true)) {
            return;
          }
          if (err == null && ok != null) {
            counters.countDecision(ok);
            out.complete(ok);
          } else {
            counters.countFailure(config.policy(), false);
            config.policy().answer(out);
          }
        });
    return out;
  }

  /**
   * Replaces the customers' limits at run time. A bucket whose limit changed keeps its fill in
   * proportion (Bucket4j's implicit configuration replacement, {@code PROPORTIONALLY}); customers
   * not in the list are no longer limited.
   */
  @Override
  public synchronized void setLimits(List<CentralLimit> limits) {
    version++;
    Map<String, AsyncBucketProxy> next = new HashMap<>();
    for (CentralLimit l : limits) {
      next.put(
          l.name(),
          buckets
              .builder()
              .withImplicitConfigurationReplacement(
                  version, TokensInheritanceStrategy.PROPORTIONALLY)
              .build(
                  config.keyPrefix() + l.name(),
                  () -> CompletableFuture.completedFuture(l.configuration())));
    }
    proxies = Map.copyOf(next);
  }

  /** The decisions so far. */
  @Override
  public CentralCounters counters() {
    return counters;
  }

  /**
   * Registers the decisions on {@code registry} as {@code
   * alm_redis_limiter_decisions_total{outcome}} and {@code
   * alm_redis_limiter_store_failures_total{kind}}.
   */
  @Override
  public void bindTo(MeterRegistry registry) {
    counters.bindTo(registry, "alm_redis_limiter");
  }

  /** A {@code /status} object: mode, policy, timeout, connection and the decisions' counts. */
  @Override
  public Map<String, Object> status() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mode", "redis");
    m.put("policy", config.policy().label());
    m.put("timeoutMs", config.timeout().toMillis());
    m.put("connected", connected());
    m.put("customers", proxies.size());
    m.put("decisions", counters.asMap());
    return m;
  }

  /** The settings this limiter runs with. */
  public RedisLimiterConfig config() {
    return config;
  }

  /** True while the connection to Redis is open. */
  public boolean connected() {
    return connection.isOpen();
  }

  @Override
  public void close() {
    close(timer, connection, client);
  }

  /** Stops a limiter's timer, its connection and its client. */
  static void close(
      ScheduledThreadPoolExecutor timer,
      StatefulRedisConnection<?, ?> connection,
      RedisClient client) {
    timer.shutdownNow();
    connection.close();
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
  }

  private static Thread timerThread(Runnable r) {
    return daemon(r, "alm-redis-limiter-timer");
  }

  /** A daemon thread named {@code name} running {@code r}. */
  static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
