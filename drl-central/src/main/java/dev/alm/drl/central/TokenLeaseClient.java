package dev.alm.drl.central;

import dev.alm.io.Clocks;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A PoP's side of the token server (article 002 section 4.2): decisions come from a local lease of
 * tokens, with no network call, until it runs low; then the next batch is asked for asynchronously,
 * at most one request per customer in flight. Calls that the lease cannot cover wait for that grant
 * (or, after the timeout, get the {@link FailurePolicy}'s answer, counted). Unspent tokens are void
 * when their lease ends, so a client that stalls or dies holds nothing for long.
 *
 * <p>{@link #tryAcquire} never throws; its future completes at once when the lease covers the call,
 * otherwise on the client's event loop when the grant or the timeout comes. The socket is a {@link
 * LeaseClientChannel}; the counts besides the decisions are {@link LeaseClientCounters}.
 */
public final class TokenLeaseClient implements CentralBaseline {

  private static final CompletableFuture<Boolean> TRUE = CompletableFuture.completedFuture(true);
  private static final CompletableFuture<Boolean> FALSE = CompletableFuture.completedFuture(false);

  private final TokenLeaseClientConfig config;
  private final LeaseCodec codec;
  private final Clocks clocks;
  private final long clientId;
  private final AtomicLong seq = new AtomicLong();
  private final LeaseClientChannel channel;
  private final Map<String, CustomerLease> leases = new ConcurrentHashMap<>();
  private final CentralCounters counters = new CentralCounters();
  private final LeaseClientCounters stats = new LeaseClientCounters();

  private TokenLeaseClient(TokenLeaseClientConfig config, Clocks clocks)
      throws InterruptedException {
    this.config = config;
    this.codec = new LeaseCodec(config.keys());
    this.clocks = clocks;
    this.clientId = LeaseClientChannel.randomClientId();
    this.channel = LeaseClientChannel.open(config.server(), this::received, stats);
  }

  /** Starts a client on its own event-loop thread and the system clocks. */
  public static TokenLeaseClient start(TokenLeaseClientConfig config) throws InterruptedException {
    return start(config, Clocks.SYSTEM);
  }

  /** Starts a client on its own event-loop thread. */
  public static TokenLeaseClient start(TokenLeaseClientConfig config, Clocks clocks)
      throws InterruptedException {
    return new TokenLeaseClient(config, clocks);
  }

  /**
   * Takes {@code units} tokens of the customer's global limit: from the local lease when it covers
   * them (no network call), else from the next grant. True if admitted.
   */
  @Override
  public CompletionStage<Boolean> tryAcquire(String customer, long units) {
    if (units < 1) {
      return TRUE;
    }
    if (customer == null) {
      counters.countUnknownCustomer();
      return TRUE;
    }
    CustomerLease l = leases.get(customer);
    if (l == null) {
      int n = customer.getBytes(StandardCharsets.UTF_8).length;
      if (n < 1 || n > LeaseCodec.MAX_NAME_BYTES) {
        counters.countUnknownCustomer();
        return TRUE;
      }
      l = leases.computeIfAbsent(customer, c -> new CustomerLease(c, clocks.nanos()));
    }
    long now = clocks.nanos();
    long send = 0;
    CompletableFuture<Boolean> result;
    synchronized (l) {
      stats.tokensVoided.add(l.expire(now));
      if (now - l.unknownUntilNanos < 0) {
        counters.countUnknownCustomer();
        return TRUE;
      }
      if (l.waiters.isEmpty() && l.take(units)) {
        counters.countDecision(true);
        result = TRUE;
        if (l.outstandingSeq == 0 && now - l.quietUntilNanos >= 0 && l.low(config.lowWater())) {
          send = outstanding(l, now);
        }
      } else if (now - l.quietUntilNanos < 0 && l.outstandingSeq == 0) {
        if (l.down) {
          counters.countUnavailable(config.policy());
          result =
              switch (config.policy()) {
                case FAIL_OPEN -> TRUE;
                case FAIL_CLOSED -> FALSE;
                case DEFER -> config.policy().answered();
              };
        } else {
          counters.countDecision(false); // the global bucket is empty until the retry time
          result = FALSE;
        }
      } else if (l.waiters.size() >= config.maxWaiters()) {
        counters.countDecision(false);
        result = FALSE;
      } else {
        result = new CompletableFuture<>();
        l.waiters.addLast(new CustomerLease.Waiter(units, result));
        if (l.outstandingSeq == 0) {
          send = outstanding(l, now);
        }
      }
    }
    if (send != 0) {
      send(l, send);
    }
    return result;
  }

  private long outstanding(CustomerLease l, long now) {
    long s = seq.incrementAndGet();
    l.outstandingSeq = s;
    l.sentAtNanos = now;
    return s;
  }

  private void send(CustomerLease l, long s) {
    byte[] req =
        codec.encode(
            new LeaseCodec.Request(clientId, s, clocks.millis(), config.want(), l.customer));
    stats.requestsSent.increment();
    channel.send(req);
    channel.schedule(() -> timeout(l, s), config.timeout().toNanos());
  }

  private void timeout(CustomerLease l, long s) {
    List<CompletableFuture<Boolean>> failed = new ArrayList<>();
    synchronized (l) {
      if (l.outstandingSeq != s) {
        return;
      }
      l.outstandingSeq = 0;
      l.lateSeq = s;
      l.lateSentAtNanos = l.sentAtNanos;
      if (++l.consecutiveTimeouts >= config.downAfter()) {
        l.down = true;
        l.quietUntilNanos = clocks.nanos() + config.retryInterval().toNanos();
      }
      for (CustomerLease.Waiter w : l.waiters) {
        counters.countFailure(config.policy(), true);
        failed.add(w.future());
      }
      l.waiters.clear();
    }
    for (CompletableFuture<Boolean> f : failed) {
      config.policy().answer(f);
    }
  }

  void received(byte[] data, int len) {
    LeaseCodec.Decoded<LeaseCodec.Grant> d = codec.decodeGrant(data, 0, len);
    if (d instanceof LeaseCodec.Refused<LeaseCodec.Grant> r) {
      stats.refuse(r.reason());
      return;
    }
    LeaseCodec.Grant g = ((LeaseCodec.Valid<LeaseCodec.Grant>) d).message();
    CustomerLease l = g.client() == clientId ? leases.get(g.customer()) : null;
    if (l == null) {
      stats.refuse(LeaseRefusal.UNSOLICITED);
      return;
    }
    long now = clocks.nanos();
    List<CompletableFuture<Boolean>> admit = new ArrayList<>();
    List<CompletableFuture<Boolean>> reject = new ArrayList<>();
    long send = 0;
    synchronized (l) {
      long sentAt;
      if (g.seq() == l.outstandingSeq) {
        l.outstandingSeq = 0;
        sentAt = l.sentAtNanos;
      } else if (g.seq() == l.lateSeq) {
        // The grant of a request that timed out: its tokens were taken from the bucket, so they
        // are spent here rather than lost; the calls that waited for it were already answered.
        stats.lateGrants.increment();
        sentAt = l.lateSentAtNanos;
      } else {
        stats.refuse(LeaseRefusal.UNSOLICITED);
        return;
      }
      send = take(l, g, sentAt, now, admit, reject);
    }
    if (send != 0) {
      send(l, send);
    }
    admit.forEach(f -> f.complete(true));
    reject.forEach(f -> f.complete(false));
  }

  /**
   * Takes grant {@code g} of a request sent at {@code sentAt} into lease {@code l}: the calls it
   * covers go to {@code admit}, those an empty grant refuses to {@code reject}. Returns the
   * sequence number of the next request to send, or 0. Holds the lease's lock.
   */
  private long take(
      CustomerLease l,
      LeaseCodec.Grant g,
      long sentAt,
      long now,
      List<CompletableFuture<Boolean>> admit,
      List<CompletableFuture<Boolean>> reject) {
    long send = 0;
    l.lateSeq = 0;
    stats.grantsReceived.increment();
    l.consecutiveTimeouts = 0;
    if (l.down) {
      l.down = false;
      l.quietUntilNanos = now;
    }
    long leaseNanos = TimeUnit.MILLISECONDS.toNanos(g.leaseMillis());
    if (g.unknownCustomer()) {
      l.unknownUntilNanos = now + leaseNanos;
      for (CustomerLease.Waiter w : l.waiters) {
        counters.countUnknownCustomer();
        admit.add(w.future());
      }
      l.waiters.clear();
    } else {
      stats.tokensVoided.add(l.expire(now));
      // The lease runs from when the request left: the server granted after that.
      l.add(g.granted(), sentAt + leaseNanos);
      stats.tokensLeased.add(g.granted());
      while (!l.waiters.isEmpty() && l.take(l.waiters.peekFirst().units())) {
        counters.countDecision(true);
        admit.add(l.waiters.pollFirst().future());
      }
      if (!l.waiters.isEmpty()) {
        if (g.granted() == 0) {
          l.quietUntilNanos = now + TimeUnit.MILLISECONDS.toNanos(g.retryAfterMillis());
          for (CustomerLease.Waiter w : l.waiters) {
            counters.countDecision(false);
            reject.add(w.future());
          }
          l.waiters.clear();
        } else if (l.outstandingSeq == 0) {
          send = outstanding(l, now);
        }
      } else if (g.granted() == 0) {
        l.quietUntilNanos = now + TimeUnit.MILLISECONDS.toNanos(g.retryAfterMillis());
      }
    }
    return send;
  }

  /** Nothing: the token server holds the limits. */
  @Override
  public void setLimits(List<CentralLimit> limits) {}

  /** Tokens the customer's lease holds now (after voiding expired grants). */
  public long leased(String customer) {
    CustomerLease l = leases.get(customer);
    if (l == null) {
      return 0;
    }
    synchronized (l) {
      stats.tokensVoided.add(l.expire(clocks.nanos()));
      return l.tokens();
    }
  }

  /**
   * A {@code /status} object: mode, policy, timeout, the server, tokens leased per customer,
   * requests, grants, tokens leased and voided, refusals and the decisions' counts.
   */
  @Override
  public Map<String, Object> status() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mode", "token-server");
    m.put("policy", config.policy().label());
    m.put("timeoutMs", config.timeout().toMillis());
    m.put("server", config.server().getHostString() + ":" + config.server().getPort());
    Map<String, Long> held = new TreeMap<>();
    for (String c : leases.keySet()) {
      held.put(c, leased(c));
    }
    m.put("leased", held);
    m.put("requests", requestsSent());
    m.put("grants", grantsReceived());
    m.put("lateGrants", lateGrants());
    m.put("tokensLeased", tokensLeased());
    m.put("tokensVoided", tokensVoided());
    m.put("refused", stats.refusedByReason());
    m.put("decisions", counters.asMap());
    return m;
  }

  /** The decisions so far. */
  @Override
  public CentralCounters counters() {
    return counters;
  }

  /** Lease requests sent. */
  public long requestsSent() {
    return stats.requestsSent.sum();
  }

  /** Grants accepted. */
  public long grantsReceived() {
    return stats.grantsReceived.sum();
  }

  /** Tokens received in grants. */
  public long tokensLeased() {
    return stats.tokensLeased.sum();
  }

  /** Grants taken after their request had timed out. */
  public long lateGrants() {
    return stats.lateGrants.sum();
  }

  /** Tokens voided unspent when their lease ended. */
  public long tokensVoided() {
    return stats.tokensVoided.sum();
  }

  /** Grants refused for {@code reason}. */
  public long refused(LeaseRefusal reason) {
    return stats.refused(reason);
  }

  /**
   * Registers {@code alm_token_lease_decisions_total{outcome}}, {@code
   * alm_token_lease_store_failures_total{kind}}, {@code alm_token_lease_requests_total}, {@code
   * _grants_total}, {@code _tokens_leased_total}, {@code _tokens_voided_total} and {@code
   * _refused_total{reason}}.
   */
  @Override
  public void bindTo(MeterRegistry registry) {
    String p = "alm_token_lease";
    counters.bindTo(registry, p);
    stats.bindTo(registry, p);
  }

  /** The local address requests leave from. */
  public InetSocketAddress localAddress() {
    return channel.localAddress();
  }

  /** The settings. */
  public TokenLeaseClientConfig config() {
    return config;
  }

  @Override
  public void close() {
    channel.close();
  }
}
