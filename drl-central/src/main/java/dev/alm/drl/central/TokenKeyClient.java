package dev.alm.drl.central;

import dev.alm.drl.central.RedisKeyLimiter.Answer;
import dev.alm.io.Clocks;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A PoP's side of the token server as a per-key central store (docs/ratelimit/keys-central.md, as
 * Sentinel's param-flow token client): every request of a key is one question to the server, a
 * signed key request carrying the customer and the key's hash, answered from the server's count of
 * that key in its window. Answers are matched to questions by sequence number on the client's own
 * event loop ({@link LeaseClientChannel}); a question unanswered after the timeout gets the {@link
 * FailurePolicy}'s answer, and its late answer is dropped (counted unsolicited).
 *
 * <p>{@link #tryAcquire} never throws. An answer "unknown customer" admits (the server holds no key
 * limit for it, as the lease client treats an unknown customer), counted as such; "admitted
 * uncounted" (the server's key table was full) admits and is counted apart.
 */
public final class TokenKeyClient implements KeyDecider {

  /** A question waiting for its answer. */
  private record Pending(long hash, CompletableFuture<Answer> future) {}

  private final TokenKeyClientConfig config;
  private final LeaseCodec codec;
  private final Clocks clocks;
  private final long clientId;
  private final AtomicLong seq = new AtomicLong();
  private final ConcurrentHashMap<Long, Pending> pending = new ConcurrentHashMap<>();
  private final LeaseClientChannel channel;
  private final CentralCounters counters = new CentralCounters();
  private final LeaseClientCounters stats = new LeaseClientCounters();
  private final LongAdder uncounted = new LongAdder();

  private TokenKeyClient(TokenKeyClientConfig config, Clocks clocks) throws InterruptedException {
    this.config = config;
    this.codec = new LeaseCodec(config.keys());
    this.clocks = clocks;
    this.clientId = LeaseClientChannel.randomClientId();
    this.channel = LeaseClientChannel.open(config.server(), this::received, stats);
  }

  /** Starts a client on its own event-loop thread and the system clocks. */
  public static TokenKeyClient start(TokenKeyClientConfig config) throws InterruptedException {
    return start(config, Clocks.SYSTEM);
  }

  /** Starts a client on its own event-loop thread. */
  public static TokenKeyClient start(TokenKeyClientConfig config, Clocks clocks)
      throws InterruptedException {
    return new TokenKeyClient(config, clocks);
  }

  /**
   * One request of the key {@code hash}: the server's answer, or the policy's after the timeout.
   */
  @Override
  public CompletableFuture<Answer> tryAcquire(long hash) {
    if (pending.size() >= config.maxPending()) {
      counters.countFailure(config.policy(), false);
      return CompletableFuture.completedFuture(Answer.policy(config.policy()));
    }
    long s = seq.incrementAndGet();
    Pending p = new Pending(hash, new CompletableFuture<>());
    pending.put(s, p);
    byte[] datagram =
        codec.encode(
            new LeaseCodec.KeyRequest(clientId, s, clocks.millis(), hash, config.customer()));
    stats.requestsSent.increment();
    channel.send(datagram);
    channel.schedule(() -> timeout(s), config.timeout().toNanos());
    return p.future();
  }

  private void timeout(long s) {
    Pending p = pending.remove(s);
    if (p != null) {
      counters.countFailure(config.policy(), true);
      p.future().complete(Answer.policy(config.policy()));
    }
  }

  /** An answer from the server, on the event loop. */
  void received(byte[] data, int len) {
    LeaseCodec.Decoded<LeaseCodec.KeyAnswer> d = codec.decodeKeyAnswer(data, 0, len);
    if (d instanceof LeaseCodec.Refused<LeaseCodec.KeyAnswer> r) {
      stats.refuse(r.reason());
      return;
    }
    LeaseCodec.KeyAnswer a = ((LeaseCodec.Valid<LeaseCodec.KeyAnswer>) d).message();
    Pending p = a.client() == clientId ? pending.get(a.seq()) : null;
    if (p == null || p.hash() != a.keyHash() || !pending.remove(a.seq(), p)) {
      stats.refuse(LeaseRefusal.UNSOLICITED); // late after a timeout, duplicated, or not ours
      return;
    }
    stats.grantsReceived.increment();
    Answer answer;
    switch (a.status()) {
      case ADMITTED -> {
        counters.countDecision(true);
        answer = Answer.ADMITTED;
      }
      case REFUSED -> {
        counters.countDecision(false);
        answer = Answer.REFUSED;
      }
      case UNCOUNTED -> {
        counters.countDecision(true);
        uncounted.increment();
        answer = Answer.ADMITTED;
      }
      default -> {
        counters.countUnknownCustomer();
        answer = Answer.ADMITTED;
      }
    }
    p.future().complete(answer);
  }

  /** The decisions so far. */
  @Override
  public CentralCounters counters() {
    return counters;
  }

  /** Key requests sent. */
  public long requestsSent() {
    return stats.requestsSent.sum();
  }

  /** Answers taken (matched to a waiting question). */
  public long answers() {
    return stats.grantsReceived.sum();
  }

  /** Answers "admitted uncounted": the server's key table was full. */
  public long uncounted() {
    return uncounted.sum();
  }

  /** Answers refused for {@code reason} (late ones are {@link LeaseRefusal#UNSOLICITED}). */
  public long refused(LeaseRefusal reason) {
    return stats.refused(reason);
  }

  /** The local address questions leave from. */
  public InetSocketAddress localAddress() {
    return channel.localAddress();
  }

  /** The settings. */
  public TokenKeyClientConfig config() {
    return config;
  }

  /** Closes the socket; questions still waiting get the policy's answer. */
  @Override
  public void close() {
    channel.close();
    for (Long s : pending.keySet()) {
      timeout(s);
    }
  }
}
