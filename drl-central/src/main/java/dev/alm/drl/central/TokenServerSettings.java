package dev.alm.drl.central;

import java.time.Duration;
import java.util.Objects;

/**
 * How the token server leases: how long a grant may be spent, how large a batch may be, how much
 * clock skew a request may carry, how many clients it remembers.
 *
 * @param lease how long a client may spend a grant; unspent tokens are void after it, so a client
 *     that dies holds nothing and the overshoot over any window is at most limit x lease
 * @param batchSeconds a grant is at most limit x batchSeconds / (clients of the customer active
 *     within one lease), so each client's batch lasts about batchSeconds at its fair share
 * @param maxSkew requests whose timestamp is further than this from the server's clock are refused
 *     as stale (bounds how long a captured request can be replayed against a forgotten window)
 * @param maxClients most client replay windows remembered; windows idle for twice the skew are
 *     forgotten first
 * @param refusals how many refused datagrams a source address (and all new addresses together) may
 *     cost before its datagrams are dropped unverified
 * @param maxKeys most per-key counts held over all customers ({@link KeyWindowCounts}); keys whose
 *     window is over are dropped first, and past the bound a new key is admitted uncounted
 */
public record TokenServerSettings(
    Duration lease,
    double batchSeconds,
    Duration maxSkew,
    int maxClients,
    RefusalBudget refusals,
    int maxKeys) {

  /** Default lease: half a second. */
  public static final Duration DEFAULT_LEASE = Duration.ofMillis(500);

  /** Default batch: a tenth of a second of the client's share (article 002: batches, not calls). */
  public static final double DEFAULT_BATCH_SECONDS = 0.1;

  /** Default clock skew accepted. */
  public static final Duration DEFAULT_MAX_SKEW = Duration.ofSeconds(10);

  /** Default number of clients remembered. */
  public static final int DEFAULT_MAX_CLIENTS = 65_536;

  /**
   * Default number of per-key counts held: 2^20, at most 48 MB (a key's hash and count take 12
   * bytes in a table a quarter to half full).
   */
  public static final int DEFAULT_MAX_KEYS = 1 << 20;

  /** The defaults. */
  public static final TokenServerSettings DEFAULTS =
      new TokenServerSettings(
          DEFAULT_LEASE,
          DEFAULT_BATCH_SECONDS,
          DEFAULT_MAX_SKEW,
          DEFAULT_MAX_CLIENTS,
          RefusalBudget.DEFAULTS,
          DEFAULT_MAX_KEYS);

  /** Settings with the default number of keys. */
  public TokenServerSettings(
      Duration lease, double batchSeconds, Duration maxSkew, int maxClients, RefusalBudget r) {
    this(lease, batchSeconds, maxSkew, maxClients, r, DEFAULT_MAX_KEYS);
  }

  /** Settings with the default refusal budget and number of keys. */
  public TokenServerSettings(
      Duration lease, double batchSeconds, Duration maxSkew, int maxClients) {
    this(lease, batchSeconds, maxSkew, maxClients, RefusalBudget.DEFAULTS, DEFAULT_MAX_KEYS);
  }

  public TokenServerSettings {
    if (lease.toMillis() < 1 || lease.toMillis() > 60_000) {
      throw new IllegalArgumentException("lease must be 1 ms to 60 s: " + lease);
    }
    if (!(batchSeconds > 0) || batchSeconds > 60) {
      throw new IllegalArgumentException("batch seconds must be in (0, 60]: " + batchSeconds);
    }
    if (maxSkew.toMillis() < 1) {
      throw new IllegalArgumentException("max skew must be >= 1 ms: " + maxSkew);
    }
    if (maxClients < 1) {
      throw new IllegalArgumentException("max clients must be >= 1: " + maxClients);
    }
    Objects.requireNonNull(refusals, "refusals");
    if (maxKeys < 1) {
      throw new IllegalArgumentException("max keys must be >= 1: " + maxKeys);
    }
  }

  /** These settings with another lease. */
  public TokenServerSettings withLease(Duration d) {
    return new TokenServerSettings(d, batchSeconds, maxSkew, maxClients, refusals, maxKeys);
  }

  /** These settings with another batch. */
  public TokenServerSettings withBatchSeconds(double s) {
    return new TokenServerSettings(lease, s, maxSkew, maxClients, refusals, maxKeys);
  }

  /** These settings with another refusal budget. */
  public TokenServerSettings withRefusals(RefusalBudget b) {
    return new TokenServerSettings(lease, batchSeconds, maxSkew, maxClients, b, maxKeys);
  }

  /** These settings with another bound on the keys held. */
  public TokenServerSettings withMaxKeys(int n) {
    return new TokenServerSettings(lease, batchSeconds, maxSkew, maxClients, refusals, n);
  }
}
