package dev.alm.drl.central;

import java.time.Duration;
import java.util.List;

/**
 * Settings of a {@link RedisLimiter}: where Redis is, how long a decision may wait for it, what to
 * answer when it does not, and the customers' limits.
 *
 * @param redisUri Lettuce URI of the server, e.g. {@code redis://127.0.0.1:6379}
 * @param timeout longest wait for one decision before the failure policy answers
 * @param connectTimeout longest wait for the first connection at start
 * @param policy answer when Redis does not answer in time or fails
 * @param keyPrefix prefix of the bucket keys in Redis (one key per customer)
 * @param customers the customers' limits
 */
public record RedisLimiterConfig(
    String redisUri,
    Duration timeout,
    Duration connectTimeout,
    FailurePolicy policy,
    String keyPrefix,
    List<CentralLimit> customers) {

  /** Default per-call timeout: 50 ms, well above a loopback or same-site round trip. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(50);

  /** Default wait for the first connection. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);

  /**
   * Default failure policy: open, as Envoy's rate-limit service and most deployments of Bucket4j
   * over Redis do; this is the baseline's known weakness, not a recommendation.
   */
  public static final FailurePolicy DEFAULT_POLICY = FailurePolicy.FAIL_OPEN;

  /** Default key prefix. */
  public static final String DEFAULT_KEY_PREFIX = "alm:rl:";

  public RedisLimiterConfig {
    if (redisUri == null
        || !(redisUri.startsWith("redis://")
            || redisUri.startsWith("rediss://")
            || redisUri.startsWith("redis-socket://"))) {
      throw new IllegalArgumentException(
          "redis URI must start with redis://, rediss:// or redis-socket://: " + redisUri);
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be > 0: " + timeout);
    }
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("connect timeout must be > 0: " + connectTimeout);
    }
    if (policy == null) {
      throw new IllegalArgumentException("a failure policy is required");
    }
    if (keyPrefix == null) {
      throw new IllegalArgumentException("a key prefix is required (may be empty)");
    }
    customers = List.copyOf(customers);
  }

  /** A builder with the named defaults. */
  public static Builder builder(String redisUri) {
    return new Builder(redisUri);
  }

  /** Builder of {@link RedisLimiterConfig}. */
  public static final class Builder {
    private final String redisUri;
    private Duration timeout = DEFAULT_TIMEOUT;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private FailurePolicy policy = DEFAULT_POLICY;
    private String keyPrefix = DEFAULT_KEY_PREFIX;
    private List<CentralLimit> customers = List.of();

    private Builder(String redisUri) {
      this.redisUri = redisUri;
    }

    public Builder timeout(Duration d) {
      this.timeout = d;
      return this;
    }

    public Builder connectTimeout(Duration d) {
      this.connectTimeout = d;
      return this;
    }

    public Builder policy(FailurePolicy p) {
      this.policy = p;
      return this;
    }

    public Builder keyPrefix(String p) {
      this.keyPrefix = p;
      return this;
    }

    public Builder customers(List<CentralLimit> c) {
      this.customers = c;
      return this;
    }

    public RedisLimiterConfig build() {
      return new RedisLimiterConfig(
          redisUri, timeout, connectTimeout, policy, keyPrefix, customers);
    }
  }
}
