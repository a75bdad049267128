package dev.alm.drl.central;

import dev.alm.io.KeyRing;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Settings of a {@link TokenKeyClient}.
 *
 * @param server the token server's address
 * @param keys the shared key ring (the server's key file)
 * @param customer the customer whose keys the client asks about
 * @param timeout longest wait for one answer before the failure policy answers
 * @param policy {@code FAIL_OPEN} (admit) or {@code FAIL_CLOSED} (refuse) when the server does not
 *     answer in time
 * @param maxPending most questions waiting for their answer; past it the policy answers at once
 */
public record TokenKeyClientConfig(
    InetSocketAddress server,
    KeyRing keys,
    String customer,
    Duration timeout,
    FailurePolicy policy,
    int maxPending) {

  /** Default wait for an answer: 50 ms, as the Redis baseline. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(50);

  /** Default failure policy: open, as the Redis baseline and Sentinel's cluster mode. */
  public static final FailurePolicy DEFAULT_POLICY = FailurePolicy.FAIL_OPEN;

  /** Default bound on questions waiting for their answer. */
  public static final int DEFAULT_MAX_PENDING = 65_536;

  public TokenKeyClientConfig {
    if (server == null || keys == null || customer == null || policy == null) {
      throw new IllegalArgumentException("server, keys, customer and policy are required");
    }
    int n = customer.getBytes(StandardCharsets.UTF_8).length;
    if (n < 1 || n > LeaseCodec.MAX_NAME_BYTES) {
      throw new IllegalArgumentException(
          "customer must be 1 to " + LeaseCodec.MAX_NAME_BYTES + " UTF-8 bytes: " + customer);
    }
    if (policy == FailurePolicy.DEFER) {
      throw new IllegalArgumentException("the policy must be open or closed");
    }
    if (timeout.toMillis() < 1) {
      throw new IllegalArgumentException("timeout must be >= 1 ms: " + timeout);
    }
    if (maxPending < 1) {
      throw new IllegalArgumentException("max pending must be >= 1: " + maxPending);
    }
  }

  /** Settings with the default timeout, policy and bound. */
  public static TokenKeyClientConfig of(InetSocketAddress server, KeyRing keys, String customer) {
    return new TokenKeyClientConfig(
        server, keys, customer, DEFAULT_TIMEOUT, DEFAULT_POLICY, DEFAULT_MAX_PENDING);
  }

  /** These settings with another timeout. */
  public TokenKeyClientConfig withTimeout(Duration d) {
    return new TokenKeyClientConfig(server, keys, customer, d, policy, maxPending);
  }

  /** These settings with another failure policy. */
  public TokenKeyClientConfig withPolicy(FailurePolicy p) {
    return new TokenKeyClientConfig(server, keys, customer, timeout, p, maxPending);
  }
}
