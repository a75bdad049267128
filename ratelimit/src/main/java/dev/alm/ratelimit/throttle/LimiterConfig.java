package dev.alm.ratelimit.throttle;

/**
 * The immutable configuration of one kind of throttler, shared by all the keys that use it: it
 * makes a fresh per-key {@link Limiter}. Keeping the configuration out of the per-key object keeps
 * each key's state small (see docs/throttlers.md for the heap per key).
 */
public interface LimiterConfig {

  /** A new limiter in its initial state (empty window, full bucket, empty log). */
  Limiter newLimiter();
}
