/**
 * Standalone throttlers of article 002 ("Throttling Solutions in Standalone and Distributed
 * Scenarios", section 3): fixed window, sliding window with k sub-window counters, leaky bucket,
 * token bucket and sliding log, behind {@link dev.alm.ratelimit.throttle.Limiter} (one key) and
 * {@link dev.alm.ratelimit.throttle.Throttler} (many keys, held in a bounded, expiring Caffeine
 * table by {@link dev.alm.ratelimit.throttle.KeyedThrottler}).
 *
 * <p>Time is always an argument ({@code nowNanos}, any monotonic nanosecond clock): nothing here
 * reads the wall clock, so tests and trace replays drive the throttlers at any speed.
 */
package dev.alm.ratelimit.throttle;
