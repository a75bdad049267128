package dev.alm.drl.central;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * One customer's lease at a {@link TokenLeaseClient}: the grants not yet spent, each with its
 * expiry (unspent tokens are void after it), the one outstanding request, and the calls waiting for
 * its grant. Time is an argument. Guarded by the client's lock on this object.
 */
final class CustomerLease {

  /** A call waiting for a grant. */
  record Waiter(long units, CompletableFuture<Boolean> future) {}

  final String customer;
  final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
  private final ArrayDeque<long[]> grants = new ArrayDeque<>(); // {remaining, expiresAtNanos}
  long lastGrant;
  long outstandingSeq;
  long sentAtNanos;

  /** The last request that timed out, whose grant is still taken if it comes late (0: none). */
  long lateSeq;

  long lateSentAtNanos;
  int consecutiveTimeouts;
  long quietUntilNanos;
  boolean down;
  long unknownUntilNanos;

  /** A lease with nothing in it, created at {@code nowNanos}. */
  CustomerLease(String customer, long nowNanos) {
    this.customer = customer;
    this.quietUntilNanos = nowNanos;
    this.unknownUntilNanos = nowNanos;
  }

  /** Drops expired grants; returns the tokens voided. */
  long expire(long now) {
    long voided = 0;
    while (!grants.isEmpty() && now - grants.peekFirst()[1] >= 0) {
      voided += grants.pollFirst()[0];
    }
    return voided;
  }

  /** Tokens spendable now (after {@link #expire}). */
  long tokens() {
    long s = 0;
    for (long[] g : grants) {
      s += g[0];
    }
    return s;
  }

  /** Adds a grant of {@code n} tokens valid until {@code expiresAt}. */
  void add(long n, long expiresAt) {
    if (n > 0) {
      grants.addLast(new long[] {n, expiresAt});
      lastGrant = n;
    }
  }

  /** Spends {@code units}, oldest grant first, if there are that many; true if spent. */
  boolean take(long units) {
    if (tokens() < units) {
      return false;
    }
    long left = units;
    while (left > 0) {
      long[] g = grants.peekFirst();
      long t = Math.min(left, g[0]);
      g[0] -= t;
      left -= t;
      if (g[0] == 0) {
        grants.pollFirst();
      }
    }
    return true;
  }

  /** Whether the lease is low enough to ask for the next batch in advance. */
  boolean low(double lowWater) {
    return tokens() < lowWater * lastGrant || lastGrant == 0;
  }
}
