package dev.alm.drl.central;

import dev.alm.drl.central.RedisKeyLimiter.Answer;
import java.util.concurrent.CompletableFuture;

/**
 * A central store that decides one request of one key of one customer at a time
 * (docs/ratelimit/keys-central.md): Redis with a bucket per key ({@link RedisKeyLimiter}), or the
 * token server's per-key counts ({@link TokenKeyClient}).
 */
public interface KeyDecider extends AutoCloseable {

  /**
   * One request of the key {@code hash}: the store's answer, or the failure policy's when the store
   * failed or was late. Never throws; completes within the timeout (plus timer slack).
   */
  CompletableFuture<Answer> tryAcquire(long hash);

  /** The decisions so far. */
  CentralCounters counters();

  @Override
  void close();
}
