package dev.alm.drl.central;

import dev.alm.io.KeyRing;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Settings of a {@link TokenLeaseClient}.
 *
 * @param server the token server's address
 * @param keys the shared key ring (the server's key file)
 * @param want tokens asked for per request; the server caps each grant at its batch size
 * @param timeout longest wait for a grant before the failure policy answers the waiting calls
 * @param policy answer when the server does not answer in time
 * @param downAfter consecutive timeouts after which the server is taken for down
 * @param retryInterval once the server is taken for down, how long calls that the lease cannot
 *     cover get the policy's answer at once before the server is asked again
 * @param lowWater fraction of the last grant below which the next batch is asked for in advance
 * @param maxWaiters most calls of one customer waiting for a grant; more are rejected
 */
public record TokenLeaseClientConfig(
    InetSocketAddress server,
    KeyRing keys,
    long want,
    Duration timeout,
    FailurePolicy policy,
    int downAfter,
    Duration retryInterval,
    double lowWater,
    int maxWaiters) {

  /** Default tokens asked for per request (the server's batch cap decides). */
  public static final long DEFAULT_WANT = 1_000_000;

  /** Default wait for a grant: 50 ms, as the Redis baseline. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(50);

  /** Default failure policy: open, as the Redis baseline and Sentinel's cluster mode. */
  public static final FailurePolicy DEFAULT_POLICY = FailurePolicy.FAIL_OPEN;

  /**
   * Default consecutive timeouts before the server is taken for down: 2, so one late grant on a
   * busy machine does not hand the next {@code retryInterval} to the policy.
   */
  public static final int DEFAULT_DOWN_AFTER = 2;

  /** Default pause before asking a silent server again. */
  public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofMillis(200);

  /** Default low-water mark: half the last grant. */
  public static final double DEFAULT_LOW_WATER = 0.5;

  /** Default bound on waiting calls per customer. */
  public static final int DEFAULT_MAX_WAITERS = 10_000;

  public TokenLeaseClientConfig {
    if (server == null || keys == null || policy == null) {
      throw new IllegalArgumentException("server, keys and policy are required");
    }
    if (want < 1) {
      throw new IllegalArgumentException("want must be >= 1: " + want);
    }
    if (timeout.toMillis() < 1 || retryInterval.isNegative()) {
      throw new IllegalArgumentException("timeout must be >= 1 ms and retry interval >= 0");
    }
    if (!(lowWater >= 0 && lowWater < 1)) {
      throw new IllegalArgumentException("low water must be in [0, 1): " + lowWater);
    }
    if (downAfter < 1) {
      throw new IllegalArgumentException("down after must be >= 1: " + downAfter);
    }
    if (maxWaiters < 1) {
      throw new IllegalArgumentException("max waiters must be >= 1: " + maxWaiters);
    }
  }

  /** A builder with the named defaults. */
  public static Builder builder(InetSocketAddress server, KeyRing keys) {
    return new Builder(server, keys);
  }

  /** Builder of {@link TokenLeaseClientConfig}. */
  public static final class Builder {
    private final InetSocketAddress server;
    private final KeyRing keys;
    private long want = DEFAULT_WANT;
    private Duration timeout = DEFAULT_TIMEOUT;
    private FailurePolicy policy = DEFAULT_POLICY;
    private int downAfter = DEFAULT_DOWN_AFTER;
    private Duration retryInterval = DEFAULT_RETRY_INTERVAL;
    private double lowWater = DEFAULT_LOW_WATER;
    private int maxWaiters = DEFAULT_MAX_WAITERS;

    private Builder(InetSocketAddress server, KeyRing keys) {
      this.server = server;
      this.keys = keys;
    }

    public Builder want(long w) {
      this.want = w;
      return this;
    }

    public Builder timeout(Duration d) {
      this.timeout = d;
      return this;
    }

    public Builder policy(FailurePolicy p) {
      this.policy = p;
      return this;
    }

    public Builder downAfter(int n) {
      this.downAfter = n;
      return this;
    }

    public Builder retryInterval(Duration d) {
      this.retryInterval = d;
      return this;
    }

    public Builder lowWater(double f) {
      this.lowWater = f;
      return this;
    }

    public Builder maxWaiters(int n) {
      this.maxWaiters = n;
      return this;
    }

    public TokenLeaseClientConfig build() {
      return new TokenLeaseClientConfig(
          server, keys, want, timeout, policy, downAfter, retryInterval, lowWater, maxWaiters);
    }
  }
}
