package dev.alm.drl.central;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * A central rate limiter as the proxy uses it, whatever its store: a decision per call ({@link
 * #tryAcquire}, the proxy's limiter shape, so {@code baseline::tryAcquire} plugs in), its status,
 * its metrics, its limits. Implemented by {@link RedisLimiter} and {@link TokenLeaseClient}.
 */
public interface CentralBaseline extends AutoCloseable {

  /**
   * Takes {@code units} of the customer's global limit; true if admitted. Never throws; completes
   * within the configured timeout, with the failure policy's answer when the store is silent.
   */
  CompletionStage<Boolean> tryAcquire(String customer, long units);

  /** The {@code /status} object of this baseline ({@code mode}: redis or token-server, counts). */
  Map<String, Object> status();

  /** Registers this baseline's counters on {@code registry}. */
  void bindTo(MeterRegistry registry);

  /**
   * Replaces the customers' limits at run time. The token server's clients hold no limits (the
   * server does): for them this changes nothing.
   */
  void setLimits(List<CentralLimit> limits);

  /** The decisions so far. */
  CentralCounters counters();

  @Override
  void close();
}
