package dev.alm.drl.central;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A per-key limit kept in Redis (docs/ratelimit/keys-central.md): one Bucket4j bucket per key of
 * one customer, {@code limit} tokens per window refilled at once at every window boundary (aligned
 * to the epoch, as {@code KeyWindow} counts), so each bucket is a fixed-window counter. Every
 * decision is a round trip to Redis through Bucket4j's Lettuce integration, as {@link RedisLimiter}
 * makes them; a key's bucket expires once its window is over (plus {@link #KEEP}), so Redis holds
 * the keys active in about the last window, not every key ever seen.
 *
 * <p>Keys are named {@code <prefix><customer>:<hash>}, the hash as 16 hex digits. {@link
 * #tryAcquire} never throws and completes within the timeout (plus timer slack): with Redis's
 * answer or the failure policy's, each counted in {@link #counters()}.
 */
public final class RedisKeyLimiter implements KeyDecider {

  /** How long a bucket outlives the refill that makes it full again. */
  public static final Duration KEEP = Duration.ofSeconds(1);

  /**
   * Bucket proxies kept for reuse: a proxy batches its key's concurrent requests into one
   * compare-and-swap (without it, a popular key's requests retry each other's CAS until they time
   * out). Past this many keys the cache starts over.
   */
  static final int MAX_PROXIES = 1 << 20;

  /** Default key prefix. */
  public static final String DEFAULT_PREFIX = "alm:key:";

  /**
   * One decision: the store's answer (Redis's, or the token server's), or the failure policy's when
   * the store failed or was late.
   */
  public enum Answer {
    ADMITTED,
    REFUSED,
    POLICY_ADMITTED,
    POLICY_REFUSED;

    /** Whether the request is admitted. */
    public boolean admits() {
      return this == ADMITTED || this == POLICY_ADMITTED;
    }

    /** Whether the failure policy answered. */
    public boolean byPolicy() {
      return this == POLICY_ADMITTED || this == POLICY_REFUSED;
    }

    static Answer policy(FailurePolicy p) {
      return p.admits() ? POLICY_ADMITTED : POLICY_REFUSED;
    }
  }

  private final RedisClient client;
  private final StatefulRedisConnection<String, byte[]> connection;
  private final AsyncProxyManager<String> buckets;
  private final CompletableFuture<BucketConfiguration> configuration;
  private final ScheduledThreadPoolExecutor timer;
  private final CentralCounters counters = new CentralCounters();
  private final ConcurrentHashMap<Long, AsyncBucketProxy> proxies = new ConcurrentHashMap<>();
  private final String keyPrefix;
  private final Duration timeout;
  private final FailurePolicy policy;

  private RedisKeyLimiter(
      RedisLimiter.Connected c,
      String keyPrefix,
      long limit,
      Duration window,
      Duration timeout,
      FailurePolicy policy) {
    this.client = c.client();
    this.connection = c.connection();
    this.keyPrefix = keyPrefix;
    this.timeout = timeout;
    this.policy = policy;
    this.buckets =
        Bucket4jLettuce.casBasedBuilder(connection)
            .requestTimeout(timeout)
            .maxRetries(RedisLimiter.MAX_CAS_RETRIES)
            .expirationAfterWrite(
                ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(KEEP))
            .build()
            .asAsync();
    this.configuration = CompletableFuture.completedFuture(configuration(limit, window));
    this.timer = new ScheduledThreadPoolExecutor(1, RedisKeyLimiter::timerThread);
    timer.setRemoveOnCancelPolicy(true);
  }

  /**
   * The bucket of every key: {@code limit} tokens, all of them back at each boundary of {@code
   * window} counted from the epoch (the first refill the next boundary from now; a bucket created
   * later catches up on the boundaries it missed).
   */
  public static BucketConfiguration configuration(long limit, Duration window) {
    long w = window.toMillis();
    if (limit < 1 || w < 1) {
      throw new IllegalArgumentException("limit and window must be positive: " + limit + ", " + w);
    }
    Instant next = Instant.ofEpochMilli(Math.floorDiv(System.currentTimeMillis(), w) * w + w);
    return BucketConfiguration.builder()
        .addLimit(
            Bandwidth.builder()
                .capacity(limit)
                .refillIntervallyAligned(limit, window, next)
                .build())
        .build();
  }

  /**
   * Connects to Redis (blocking, up to {@code connectTimeout}).
   *
   * @param redisUri e.g. {@code redis://127.0.0.1:6379}
   * @param keyPrefix the keys' names before the hash, e.g. {@code alm:key:acme:}
   * @param limit requests per key and window
   * @param window the window, aligned to the epoch
   * @param timeout longest wait for one decision before the policy answers
   * @param connectTimeout longest wait for the connection
   * @param policy {@code FAIL_OPEN} or {@code FAIL_CLOSED}
   * @throws IOException when Redis cannot be reached, with the URI and the reason on one line
   */
  public static RedisKeyLimiter connect(
      String redisUri,
      String keyPrefix,
      long limit,
      Duration window,
      Duration timeout,
      Duration connectTimeout,
      FailurePolicy policy)
      throws IOException {
    if (policy == FailurePolicy.DEFER) {
      throw new IllegalArgumentException("the policy must be open or closed");
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be > 0: " + timeout);
    }
    configuration(limit, window); // validates before connecting
    return new RedisKeyLimiter(
        RedisLimiter.open(redisUri, connectTimeout, timeout),
        keyPrefix,
        limit,
        window,
        timeout,
        policy);
  }

  /** The name of the key {@code hash} in Redis: the prefix and the hash as 16 hex digits. */
  public String keyName(long hash) {
    String hex = Long.toHexString(hash);
    return keyPrefix + "0".repeat(16 - hex.length()) + hex;
  }

  /** One request of the key {@code hash}: a token from its bucket in Redis, or the policy. */
  @Override
  public CompletableFuture<Answer> tryAcquire(long hash) {
    CompletableFuture<Answer> out = new CompletableFuture<>();
    CompletableFuture<Boolean> call;
    try {
      call = proxy(hash).tryConsume(1);
    } catch (RuntimeException e) {
      counters.countFailure(policy, false);
      return CompletableFuture.completedFuture(Answer.policy(policy));
    }
    // the deadline and Redis's answer race: the first decides and counts before it completes
    AtomicBoolean decided = new AtomicBoolean();
    ScheduledFuture<?> deadline =
        timer.schedule(
            () -> {
              if (decided.compareAndSet(false, true)) {
                counters.countFailure(policy, true);
                out.complete(Answer.policy(policy));
              }
            },
            timeout.toNanos(),
            TimeUnit.NANOSECONDS);
    call.whenComplete(
        (ok, err) -> {
          deadline.cancel(false);
          if (!decided.compareAndSet(false, true)) {
            return;
          }
          if (err == null && ok != null) {
            counters.countDecision(ok);
            out.complete(ok ? Answer.ADMITTED : Answer.REFUSED);
          } else {
            counters.countFailure(policy, false);
            out.complete(Answer.policy(policy));
          }
        });
    return out;
  }

  private AsyncBucketProxy proxy(long hash) {
    AsyncBucketProxy p = proxies.get(hash);
    if (p == null) {
      if (proxies.size() >= MAX_PROXIES) {
        proxies.clear();
      }
      p =
          proxies.computeIfAbsent(
              hash, h -> buckets.builder().build(keyName(h), () -> configuration));
    }
    return p;
  }

  /** The decisions so far. */
  @Override
  public CentralCounters counters() {
    return counters;
  }

  @Override
  public void close() {
    RedisLimiter.close(timer, connection, client);
  }

  private static Thread timerThread(Runnable r) {
    return RedisLimiter.daemon(r, "alm-redis-key-limiter-timer");
  }
}
