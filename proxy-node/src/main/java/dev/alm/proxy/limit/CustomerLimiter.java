package dev.alm.proxy.limit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.netty.handler.codec.http.HttpRequest;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * One customer's enforcement at this PoP for one configuration: the token bucket of its requests
 * (refilled at the PoP's current share), the per-client buckets inside the customer (article 002's
 * throttler keyed by client address, in a bounded Caffeine table), and the counters and byte pacer
 * it shares with its other configurations ({@link CustomerState}). The request path calls {@link
 * #decide}; {@link #refresh} moves the rates to the current share.
 */
public final class CustomerLimiter {

  /** How long a client address is remembered after its last request. */
  static final Duration FORGET_CLIENT_AFTER = Duration.ofMinutes(1);

  private final CustomerSpec spec;
  private final CustomerState state;
  private final RateBucket requests;
  private final Cache<String, RateBucket> clients;
  private final LongSupplier nanoClock;
  private final WallAnchor wallClock;
  private final CustomerKeys keys;

  /** Whether responses carry the RateLimit fields: only then is a key's count told. */
  private final boolean fields;

  private final Function<String, RateBucket> newClientBucket = k -> newClientBucket();
  private final LimitDecision admit;
  private final LimitDecision central;
  private final LimitDecision counted;
  private final String policyField;

  /**
   * The longest Retry-After of the customer's bucket: its refill time while its rate is fixed
   * (independent, static), {@link LimitDecision#SHARE_RETRY_BOUND_NANOS} while it follows a DRL
   * share that new demand moves within about 2 s.
   */
  private final long retryBound;

  CustomerLimiter(
      CustomerSpec spec,
      CustomerState state,
      double firstFraction,
      int maxClients,
      LongSupplier nanoClock) {
    this(
        spec,
        state,
        firstFraction,
        maxClients,
        nanoClock,
        new WallAnchor(nanoClock, System::currentTimeMillis),
        true);
  }

  CustomerLimiter(
      CustomerSpec spec,
      CustomerState state,
      double firstFraction,
      int maxClients,
      LongSupplier nanoClock,
      WallAnchor wallClock,
      boolean fields) {
    this.fields = fields;
    this.spec = spec;
    this.state = state;
    this.nanoClock = nanoClock;
    this.wallClock = wallClock;
    this.keys =
        spec.keys() == null
            ? null
            : new CustomerKeys(spec.name(), spec.keys(), state.keyed(spec.keys()));
    this.requests =
        spec.requestsPerSecond() > 0 && spec.mode() != LimitMode.CENTRAL
            ? new RateBucket(
                firstFraction * spec.requestsPerSecond(), spec.burstSeconds(), nanoClock)
            : null;
    Ticker ticker = nanoClock::getAsLong;
    this.clients =
        spec.perClientRequestsPerSecond() > 0
            ? Caffeine.newBuilder()
                .maximumSize(maxClients)
                .expireAfterAccess(FORGET_CLIENT_AFTER)
                .ticker(ticker)
                .executor(Runnable::run)
                .build()
            : null;
    this.admit = new LimitDecision(LimitDecision.Outcome.ADMIT, 0, this, null);
    this.counted = new LimitDecision(LimitDecision.Outcome.ADMIT, 0, this, RateLimitFields.GLOBAL);
    this.central = new LimitDecision(LimitDecision.Outcome.CENTRAL, 0, this, null);
    this.policyField = RateLimitFields.policy(spec);
    this.retryBound =
        spec.mode() == LimitMode.DRL
            ? LimitDecision.SHARE_RETRY_BOUND_NANOS
            : LimitDecision.UNBOUNDED;
    state.limit = spec.limit();
    apply(firstFraction);
  }

  /**
   * A request target of this customer as the access log may hold it: a {@code query:} key's value
   * is replaced by its hash (docs/ratelimit/keys.md); otherwise the target itself.
   */
  public String loggedTarget(String target) {
    return keys == null ? target : keys.logged(target);
  }

  public CustomerSpec spec() {
    return spec;
  }

  public CustomerState state() {
    return state;
  }

  public String name() {
    return spec.name();
  }

  /**
   * The customer's {@code RateLimit-Policy} field ({@link RateLimitFields#policy}); null when it
   * has no limit to publish.
   */
  public String policyField() {
    return policyField;
  }

  /**
   * The {@code RateLimit} field of an admitted request: the tokens left in the bucket that enforces
   * the customer's share at this PoP; null when no bucket does (a central customer, a bytes/s
   * customer, a share enforced by a drop probability).
   */
  String rateLimitField() {
    if (requests == null || spec.unit() != CustomerSpec.Unit.REQUESTS) {
      return null;
    }
    return RateLimitFields.admitted(
        RateLimitFields.GLOBAL, requests.available(), requests.capacity(), requests.rate());
  }

  /** Whether the customer's responses are paced (it has a bytes/s limit). */
  public boolean paced() {
    return spec.bytesPerSecond() > 0;
  }

  /**
   * Whether the customer's responses are paced by the central store (mode central with a bytes/s
   * limit): each chunk is taken from its global byte bucket there, not from this PoP's pacer.
   */
  public boolean centralPaced() {
    return spec.mode() == LimitMode.CENTRAL && spec.unit() == CustomerSpec.Unit.BYTES;
  }

  /**
   * Decides one request of {@code client} (its address as text): the per-client limit first, then
   * the customer's share; a central requests/s customer past its per-client limit is then for the
   * store (a central bytes/s customer's request is admitted: its body's chunks go to the store).
   * Counts what arrives in the customer's demand (and, for a request-unit DRL customer, at the
   * share source); counts rejections.
   */
  public LimitDecision decide(String client, ShareSource source) {
    return decide(client, null, source);
  }

  /**
   * Decides one request as {@link #decide(String, ShareSource)} does, with the customer's per-key
   * limit between the per-client limit and the customer's share: a request whose key is over its
   * limit is refused until the key's window ends (docs/ratelimit/keys.md); {@code req} null skips
   * the key.
   */
  public LimitDecision decide(String client, HttpRequest req, ShareSource source) {
    return decide(client, req, source, nanoClock.getAsLong());
  }

  /**
   * {@link #decide(String, HttpRequest, ShareSource)} for a request that arrived at {@code
   * arrivalNanos} on the proxy's monotonic clock (the key's window is read from it).
   */
  public LimitDecision decide(
      String client, HttpRequest req, ShareSource source, long arrivalNanos) {
    if (spec.unit() == CustomerSpec.Unit.REQUESTS) {
      state.arrived.increment();
      if (source != null && spec.mode() == LimitMode.DRL) {
        source.arrivedFrom(spec.name(), client);
      }
    }
    if (clients != null) {
      long wait = clients.get(client, newClientBucket).tryTake(1);
      if (wait > 0) {
        state.rejected.increment();
        return LimitDecision.reject(this, RateLimitFields.CLIENT, wait, LimitDecision.UNBOUNDED);
      }
    }
    long keyLeft = -1;
    long now = 0;
    if (keys != null && req != null) {
      now = wallClock.millis(arrivalNanos);
      keyLeft = keys.decide(req, client, now);
      if (keyLeft == -1) {
        state.rejected.increment();
        state.keyRejected.increment();
        return new LimitDecision(
            LimitDecision.Outcome.REJECT, keys.secondsLeft(now), this, RateLimitFields.KEY);
      }
    }
    LimitDecision d = decideShare(client, source);
    return fields && keyLeft >= 0 && d.outcome() != LimitDecision.Outcome.REJECT
        ? d.withKey(keyLeft, keys.secondsLeft(now))
        : d;
  }

  private LimitDecision decideShare(String client, ShareSource source) {
    if (spec.mode() == LimitMode.CENTRAL && spec.unit() == CustomerSpec.Unit.REQUESTS) {
      return central;
    }
    double drop =
        source != null && spec.mode() == LimitMode.DRL && spec.unit() == CustomerSpec.Unit.REQUESTS
            ? source.dropProbability(spec.name())
            : Double.NaN;
    if (drop >= 0) {
      // random drop replaces the bucket: each request is refused with probability p
      if (drop > 0 && ThreadLocalRandom.current().nextDouble() < drop) {
        state.rejected.increment();
        return LimitDecision.reject(this, RateLimitFields.GLOBAL, 0, retryBound);
      }
      state.served.increment();
      return admit;
    }
    if (requests != null) {
      long wait = requests.tryTake(1);
      if (wait > 0) {
        state.rejected.increment();
        return LimitDecision.reject(this, RateLimitFields.GLOBAL, wait, retryBound);
      }
    }
    state.served.increment();
    return requests != null ? counted : admit;
  }

  private RateBucket newClientBucket() {
    return new RateBucket(spec.perClientRequestsPerSecond(), spec.burstSeconds(), nanoClock);
  }

  /**
   * Counts {@code n} response bytes served (and, for a bytes-unit customer, arrived: its demand on
   * /status). The DRL agent does not hear bytes: see {@link #reportFlows}.
   */
  public void served(long n, ShareSource source) {
    state.bytes.add(n);
    if (spec.unit() == CustomerSpec.Unit.BYTES) {
      state.arrived.add(n);
    }
  }

  /**
   * Reports a bytes-unit DRL customer's demand to the agent as its flow weight: the paced bodies
   * being written here times the global limit, per second since the last report. A paced TCP flow
   * only ever asks for what its share lets it have, so the bytes it gets say nothing of the demand;
   * the number of flows does (paper 001 section 3.2.2, Flow Proportional Share: with every flow
   * bottlenecked at the limiters, the limit is divided in proportion to the flows, so each flow
   * gets the same rate wherever it lands). The agent's share rule then divides L by the flows'
   * share of all flows.
   */
  void reportFlows(long nowNanos, ShareSource source) {
    if (spec.unit() != CustomerSpec.Unit.BYTES || spec.mode() != LimitMode.DRL || source == null) {
      return;
    }
    double seconds = state.flowReportSeconds(nowNanos);
    long units = Math.round(state.activeFlows() * spec.limit() * seconds);
    if (units > 0) {
      source.arrived(spec.name(), units);
    }
  }

  /** Counts a central-store answer that failed or timed out. */
  public void centralFailed() {
    state.centralFailures.increment();
  }

  /** Counts a central decision: served or rejected. */
  public void centralDecided(boolean admitted) {
    (admitted ? state.served : state.rejected).increment();
  }

  /**
   * The fraction of the global limit this PoP may use now: 1 (independent), 1/N (static, central,
   * and a DRL customer whose share is not known), or the DRL share over the limit.
   */
  double fraction(ShareSource source, int limiters) {
    return switch (spec.mode()) {
      case INDEPENDENT -> 1;
      case STATIC, CENTRAL -> 1.0 / limiters;
      case DRL -> {
        double s = source == null ? Double.NaN : source.share(spec.name());
        double l = source == null ? Double.NaN : source.limit(spec.name());
        double of = l > 0 ? l : spec.limit();
        yield Double.isFinite(s) ? Math.min(1, Math.max(0, s / of)) : 1.0 / limiters;
      }
    };
  }

  /** Moves the bucket and the pacer to the current share. */
  void refresh(ShareSource source, int limiters) {
    apply(fraction(source, limiters));
  }

  private void apply(double f) {
    state.share = f * spec.limit();
    if (requests != null) {
      requests.setRate(f * spec.requestsPerSecond());
    }
    if (spec.bytesPerSecond() > 0) {
      state.pace(f * spec.bytesPerSecond());
    }
  }

  /** The mode shown on /status: the agent's for a DRL customer, else the configured one. */
  String modeLabel(ShareSource source) {
    if (spec.mode() == LimitMode.DRL) {
      return source == null ? "safe" : source.modeLabel(spec.name());
    }
    return spec.mode().label();
  }
}
