package dev.alm.drl.central;

import dev.alm.io.NanoTimeMeter;
import dev.alm.io.ReplayWindow;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.TokensInheritanceStrategy;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The token server of article 002 section 4.2 as a pure step: one token bucket per customer at its
 * global limit, from which clients lease batches; and, for customers with a per-key limit, a
 * fixed-window count per key that answers one request of one key at a time ({@link
 * KeyWindowCounts}, as Sentinel's param-flow token server). A datagram and the time go in; the
 * signed grant or key answer to send back, or the refusal, comes out. Forged, replayed, stale and
 * malformed requests change nothing and are counted. Not thread-safe: the server's event loop owns
 * it; counters may be read from any thread.
 */
public final class TokenServerCore {

  /** What handling one datagram gave. */
  public sealed interface Outcome {}

  /** A datagram to send back to the requester. */
  public sealed interface Reply extends Outcome {
    /** The signed datagram. */
    byte[] datagram();
  }

  /** A grant to send back to the requester. */
  public record Answer(LeaseCodec.Grant grant, byte[] datagram) implements Reply {}

  /** A key answer to send back to the requester. */
  public record KeyAnswered(LeaseCodec.KeyAnswer answer, byte[] datagram) implements Reply {}

  /** A refused datagram: nothing is sent back. */
  public record Refused(LeaseRefusal reason) implements Outcome {}

  /** The source key of datagrams handled without an address. */
  static final long UNNAMED_SOURCE = 1;

  private static final Map<LeaseRefusal, Refused> REFUSED = new EnumMap<>(LeaseRefusal.class);

  static {
    for (LeaseRefusal r : LeaseRefusal.values()) {
      REFUSED.put(r, new Refused(r));
    }
  }

  private final LeaseCodec codec;
  private final TokenServerSettings settings;
  private final Map<String, CustomerBucket> buckets = new HashMap<>();
  private final Map<Long, ClientWindow> windows = new HashMap<>();
  private final Map<LeaseRefusal, LongAdder> refused = new EnumMap<>(LeaseRefusal.class);
  private final LongAdder requests = new LongAdder();
  private final LongAdder granted = new LongAdder();
  private final LongAdder emptyGrants = new LongAdder();
  private final LongAdder unknown = new LongAdder();
  private final LongAdder keyRequests = new LongAdder();
  private final KeyWindowCounts keys;
  private final SourceBudget budget;
  private long now;
  private final TimeMeter clock = new NanoTimeMeter(() -> now);

  /** One client's replay window and when it last had a request accepted. */
  private static final class ClientWindow {
    final ReplayWindow replay = new ReplayWindow();
    long lastNanos;
  }

  private static final class CustomerBucket {
    final CentralLimit limit;
    final Bucket bucket;
    final Map<Long, Long> lastSeen = new HashMap<>();

    CustomerBucket(CentralLimit limit, Bucket bucket) {
      this.limit = limit;
      this.bucket = bucket;
    }
  }

  /** A server of global limits only: every key request is answered "unknown customer". */
  public TokenServerCore(
      LeaseCodec codec, TokenServerSettings settings, List<CentralLimit> limits, long nowNanos) {
    this(codec, settings, limits, List.of(), nowNanos);
  }

  /**
   * A server of the customers' global {@code limits} and their per-key {@code keyLimits} (a
   * customer may have either or both).
   */
  public TokenServerCore(
      LeaseCodec codec,
      TokenServerSettings settings,
      List<CentralLimit> limits,
      List<CentralKeyLimit> keyLimits,
      long nowNanos) {
    this.codec = codec;
    this.settings = settings;
    this.keys = new KeyWindowCounts(settings.maxKeys(), keyLimits);
    this.budget = new SourceBudget(settings.refusals(), nowNanos);
    for (LeaseRefusal r : LeaseRefusal.values()) {
      refused.put(r, new LongAdder());
    }
    setLimits(limits, nowNanos);
  }

  /**
   * Sets the customers' limits. A customer whose limit changed keeps its bucket's fill in
   * proportion; a new customer starts with a full bucket; customers not listed are dropped.
   */
  public void setLimits(List<CentralLimit> limits, long nowNanos) {
    now = nowNanos;
    Map<String, CustomerBucket> next = new HashMap<>();
    for (CentralLimit l : limits) {
      CustomerBucket old = buckets.get(l.name());
      if (old != null) {
        if (!old.limit.equals(l)) {
          old.bucket.replaceConfiguration(
              l.configuration(), TokensInheritanceStrategy.PROPORTIONALLY);
        }
        CustomerBucket kept = new CustomerBucket(l, old.bucket);
        kept.lastSeen.putAll(old.lastSeen);
        next.put(l.name(), kept);
      } else {
        Bucket b =
            Bucket.builder()
                .addLimit(l.configuration().getBandwidths()[0])
                .withCustomTimePrecision(clock)
                .build();
        next.put(l.name(), new CustomerBucket(l, b));
      }
    }
    buckets.clear();
    buckets.putAll(next);
  }

  /**
   * Sets the customers' per-key limits: a customer whose window is unchanged keeps its keys'
   * counts; the others' are dropped.
   */
  public void setKeyLimits(List<CentralKeyLimit> limits) {
    keys.setLimits(limits);
  }

  /** {@link #handle(byte[], int, int, long, long, long)} for datagrams of one unnamed source. */
  public Outcome handle(byte[] data, int off, int len, long nowNanos, long nowMillis) {
    return handle(data, off, len, UNNAMED_SOURCE, nowNanos, nowMillis);
  }

  /**
   * Handles one datagram received from {@code source} (a {@link SourceBudget#key}) at monotonic
   * {@code nowNanos} and wall {@code nowMillis}. In order, cheapest first: the shape (length,
   * magic, type), the source's refusal budget, the MAC, and only then anything that allocates or
   * touches a bucket or a key's count. A refusal up to the MAC allocates nothing. Lease and key
   * requests share the checks, the clients' replay windows and the clock-skew rule.
   */
  public Outcome handle(byte[] data, int off, int len, long source, long nowNanos, long nowMillis) {
    now = nowNanos;
    boolean lease = LeaseCodec.requestShape(data, off, len);
    if (!lease && !LeaseCodec.keyRequestShape(data, off, len)) {
      return refuse(LeaseRefusal.MALFORMED);
    }
    long client = LeaseCodec.requestClient(data, off);
    switch (budget.check(source, client, nowNanos)) {
      case OVER_ADDRESS:
        return refuse(LeaseRefusal.OVER_ADDRESS_BUDGET);
      case OVER_SHARED:
        return refuse(LeaseRefusal.OVER_SHARED_BUDGET);
      case VERIFY:
        break;
    }
    if (!codec.authentic(data, off, len)) {
      budget.refused(source, nowNanos);
      return refuse(LeaseRefusal.BAD_MAC);
    }
    return lease
        ? lease(data, off, len, source, nowNanos, nowMillis)
        : key(data, off, len, source, nowNanos, nowMillis);
  }

  /** An authentic lease request: a batch of the customer's bucket, or nothing and a retry time. */
  private Outcome lease(byte[] data, int off, int len, long source, long nowNanos, long nowMillis) {
    LeaseCodec.Decoded<LeaseCodec.Request> d = LeaseCodec.readRequest(data, off, len);
    if (d instanceof LeaseCodec.Refused<LeaseCodec.Request> r) {
      budget.refused(source, nowNanos);
      return refuse(r.reason());
    }
    LeaseCodec.Request req = ((LeaseCodec.Valid<LeaseCodec.Request>) d).message();
    Refused fresh = fresh(req.client(), req.seq(), req.sentMillis(), source, nowNanos, nowMillis);
    if (fresh != null) {
      return fresh;
    }
    requests.increment();
    int leaseMs = (int) settings.lease().toMillis();
    CustomerBucket cb = buckets.get(req.customer());
    LeaseCodec.Grant g;
    if (cb == null) {
      unknown.increment();
      g = new LeaseCodec.Grant(req.client(), req.seq(), 0, leaseMs, 0, true, req.customer());
    } else {
      // A whole batch or nothing: partial grants under overload would cost a request per token.
      long batch = Math.min(req.want(), batchCap(cb, req.client(), nowNanos));
      long got = cb.bucket.tryConsume(batch) ? batch : 0;
      int retryMs = 0;
      if (got == 0) {
        emptyGrants.increment();
        long waitNanos = cb.bucket.estimateAbilityToConsume(batch).getNanosToWaitForRefill();
        retryMs = (int) Math.min(leaseMs, Math.max(1, (waitNanos + 999_999) / 1_000_000));
      }
      granted.add(got);
      g =
          new LeaseCodec.Grant(
              req.client(), req.seq(), got, leaseMs, retryMs, false, req.customer());
    }
    return new Answer(g, codec.encode(g));
  }

  /** An authentic key request: one request of one key, counted in its window. */
  private Outcome key(byte[] data, int off, int len, long source, long nowNanos, long nowMillis) {
    LeaseCodec.Decoded<LeaseCodec.KeyRequest> d = LeaseCodec.readKeyRequest(data, off, len);
    if (d instanceof LeaseCodec.Refused<LeaseCodec.KeyRequest> r) {
      budget.refused(source, nowNanos);
      return refuse(r.reason());
    }
    LeaseCodec.KeyRequest req = ((LeaseCodec.Valid<LeaseCodec.KeyRequest>) d).message();
    Refused fresh = fresh(req.client(), req.seq(), req.sentMillis(), source, nowNanos, nowMillis);
    if (fresh != null) {
      return fresh;
    }
    keyRequests.increment();
    KeyWindowCounts.Counted c = keys.count(req.customer(), req.keyHash(), nowMillis);
    LeaseCodec.KeyAnswer a =
        new LeaseCodec.KeyAnswer(
            req.client(), req.seq(), req.keyHash(), c.retryAfterMillis(), c.status());
    return new KeyAnswered(a, codec.encode(a));
  }

  /**
   * Whether an authentic request is fresh: sent within the clock skew, and a sequence number its
   * client has not used. Null if fresh (and then taken into the client's window), else the refusal.
   */
  private Refused fresh(
      long client, long seq, long sentMillis, long source, long nowNanos, long nowMillis) {
    if (Math.abs(nowMillis - sentMillis) > settings.maxSkew().toMillis()) {
      budget.refused(source, nowNanos); // a captured request, held back and replayed
      return refuse(LeaseRefusal.STALE);
    }
    ClientWindow w = windows.get(client);
    if (w == null) {
      if (windows.size() >= settings.maxClients() && !forgetIdle(nowNanos)) {
        return refuse(LeaseRefusal.TABLE_FULL);
      }
      w = new ClientWindow();
      windows.put(client, w);
    } else if (!w.replay.fresh(seq)) {
      budget.refused(source, nowNanos);
      return refuse(LeaseRefusal.REPLAYED);
    }
    w.replay.accept(seq);
    w.lastNanos = nowNanos;
    budget.authenticated(source, client, nowNanos);
    return null;
  }

  /** The largest grant for one client: limit x batchSeconds over the clients active in a lease. */
  private long batchCap(CustomerBucket cb, long client, long nowNanos) {
    long leaseNanos = settings.lease().toNanos();
    cb.lastSeen.put(client, nowNanos);
    if (cb.lastSeen.size() > 64) {
      cb.lastSeen.values().removeIf(t -> nowNanos - t > leaseNanos);
    }
    int active = 0;
    for (long t : cb.lastSeen.values()) {
      if (nowNanos - t <= leaseNanos) {
        active++;
      }
    }
    double cap = cb.limit.limit() * settings.batchSeconds() / Math.max(1, active);
    return Math.max(1, (long) Math.floor(Math.min(cap, cb.limit.capacity())));
  }

  private boolean forgetIdle(long nowNanos) {
    long idle = 2 * settings.maxSkew().toNanos();
    boolean any = false;
    for (Iterator<ClientWindow> it = windows.values().iterator(); it.hasNext(); ) {
      if (nowNanos - it.next().lastNanos > idle) {
        it.remove();
        any = true;
      }
    }
    return any;
  }

  private Refused refuse(LeaseRefusal reason) {
    refused.get(reason).increment();
    return REFUSED.get(reason);
  }

  /** Tokens left in the customer's bucket at {@code nowNanos}, or -1 for an unknown customer. */
  public long available(String customer, long nowNanos) {
    now = nowNanos;
    CustomerBucket cb = buckets.get(customer);
    return cb == null ? -1 : cb.bucket.getAvailableTokens();
  }

  /** Authenticated, fresh requests handled. */
  public long requests() {
    return requests.sum();
  }

  /** Tokens granted in total. */
  public long granted() {
    return granted.sum();
  }

  /** Requests answered with no token (the customer's bucket was empty). */
  public long emptyGrants() {
    return emptyGrants.sum();
  }

  /** Requests for a customer the server has no limit for. */
  public long unknownCustomers() {
    return unknown.sum();
  }

  /** Authenticated, fresh key requests handled. */
  public long keyRequests() {
    return keyRequests.sum();
  }

  /** The per-key counts, for their counters (read from any thread). */
  public KeyWindowCounts keyCounts() {
    return keys;
  }

  /** Datagrams refused for {@code reason}. */
  public long refused(LeaseRefusal reason) {
    return refused.get(reason).sum();
  }

  /** Datagrams refused for any reason. */
  public long refusedTotal() {
    long s = 0;
    for (LongAdder a : refused.values()) {
      s += a.sum();
    }
    return s;
  }

  /** The settings. */
  public TokenServerSettings settings() {
    return settings;
  }
}
