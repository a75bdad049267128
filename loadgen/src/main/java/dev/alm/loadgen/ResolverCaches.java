package dev.alm.loadgen;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.function.Supplier;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Record;

/**
 * The cached CDN answers of a group of users' resolvers, as the cluster's and the lab's users keep
 * them: each cache holds L1 or L2 until its TTL runs out, then asks again; when the new question
 * gets no address the expired answer is served again (serve stale, RFC 8767) and asked again {@link
 * #STALE_RETRY_NANOS} later. Safe for several threads: a cache is asked by one of them at a time,
 * and the others wanting it wait for the answer, as a resolver coalesces the same question.
 */
public final class ResolverCaches {

  /** What a cache gives a request. */
  public enum Answer {
    L1,
    L2,
    /** No answer yet and the question failed: the request fails. */
    NONE
  }

  /** How long a stale answer is served before it is asked again. */
  public static final long STALE_RETRY_NANOS = 1_000_000_000L;

  private final InetAddress l1;
  private final boolean[] cachedL1;
  private final long[] expires;
  private final Object[] locks;

  /**
   * @param caches the number of caches, &ge; 1
   * @param l1 the L1 address (any other answer is L2)
   */
  public ResolverCaches(int caches, InetAddress l1) {
    this.l1 = l1;
    this.cachedL1 = new boolean[caches];
    this.expires = new long[caches];
    Arrays.fill(expires, Long.MIN_VALUE);
    this.locks = new Object[caches];
    Arrays.setAll(locks, k -> new Object());
  }

  public int size() {
    return cachedL1.length;
  }

  /**
   * The answer cache {@code k} gives at {@code now}.
   *
   * @param ask the resolver's answer to the CDN name (null when it failed), asked when expired
   * @param onStale called when an expired answer is served again
   */
  public Answer answer(int k, long now, Supplier<Message> ask, Runnable onStale) {
    synchronized (locks[k]) {
      return answerLocked(k, now, ask, onStale);
    }
  }

  private Answer answerLocked(int k, long now, Supplier<Message> ask, Runnable onStale) {
    if (expires[k] <= now) {
      Message m = ask.get();
      Record a =
          m == null
              ? null
              : DnsClient.answers(m).stream()
                  .filter(x -> x instanceof ARecord)
                  .findFirst()
                  .orElse(null);
      if (a == null) {
        if (expires[k] == Long.MIN_VALUE) {
          return Answer.NONE;
        }
        onStale.run();
        expires[k] = now + STALE_RETRY_NANOS;
      } else {
        cachedL1[k] = ((ARecord) a).getAddress().equals(l1);
        expires[k] = now + a.getTTL() * 1_000_000_000L;
      }
    }
    return cachedL1[k] ? Answer.L1 : Answer.L2;
  }
}
