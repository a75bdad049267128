package dev.alm.dns;

import dev.alm.fastcontrol.RequeryDemand;
import dev.alm.traces.AnswerKind;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Everything between a received message and the bytes sent back, shared by the UDP and TCP
 * adapters: the answering function, response-rate limiting (UDP only), metrics and the query log.
 * Time comes from an injected monotonic clock (the query log's, too).
 */
final class AnswerPipeline {
  /** Replaced whole by a reload of the TTLs ({@link #answerer(QueryAnswerer)}). */
  private volatile QueryAnswerer answerer;

  private final ResponseRateLimiter rrl;
  private final DnsMetrics metrics;
  private final QueryLog log;
  private final long zoneHash;
  private final LongSupplier nanoClock;
  private final org.xbill.DNS.Name correlationBeacons;
  private final AtomicLong failures = new AtomicLong();
  private volatile Throwable lastFailure;
  private final LongAdder received = new LongAdder();
  private final LongAdder cdnAnswers = new LongAdder();
  private final RequeryDemand demand = new RequeryDemand();
  private final long cdnTtlNanos;

  AnswerPipeline(
      QueryAnswerer answerer,
      ResponseRateLimiter rrl,
      DnsMetrics metrics,
      QueryLog log,
      long zoneHash,
      LongSupplier nanoClock,
      long cdnTtlSeconds) {
    this.cdnTtlNanos = cdnTtlSeconds * 1_000_000_000L;
    this.answerer = answerer;
    this.rrl = rrl;
    this.metrics = metrics;
    this.log = log;
    this.zoneHash = zoneHash;
    this.nanoClock = nanoClock;
    this.correlationBeacons = answerer.correlationBeacons();
  }

  /** The answering function now. */
  QueryAnswerer answerer() {
    return answerer;
  }

  /**
   * Answers every later message with {@code next} (the same zone, other TTLs: {@link
   * DnsNode#prepareTtls}); a message being answered finishes with the one it started with.
   */
  void answerer(QueryAnswerer next) {
    this.answerer = next;
  }

  /** The bytes to send back for a UDP message, or {@code null} for nothing. */
  byte[] udp(byte[] wire, InetAddress client) {
    long t0 = nanoClock.getAsLong();
    Reply.Send send = answer(wire, client, false, t0);
    if (send == null) {
      return null;
    }
    Outcome o = send.outcome();
    byte[] out = send.wire();
    if (rrl.enabled()) { // spares the address copy and the key when off
      RrlAction action =
          rrl.check(client.getAddress(), ResponseRateLimiter.responseKey(o, zoneHash), t0);
      if (action != RrlAction.SEND) {
        metrics.rateLimited(action);
        if (action == RrlAction.DROP) {
          return null;
        }
        out = ResponseRateLimiter.truncated(out);
      }
    }
    finish(o, client, false, t0);
    return out;
  }

  /** The bytes to send back for a TCP message, or {@code null} for nothing. */
  byte[] tcp(byte[] wire, InetAddress client) {
    long t0 = nanoClock.getAsLong();
    Reply.Send send = answer(wire, client, true, t0);
    if (send == null) {
      return null;
    }
    finish(send.outcome(), client, true, t0);
    return send.wire();
  }

  /**
   * Whether an answer was for a correlation beacon ({@code b-<hex>.beacon.<zone>}): logged as L1
   * for the beacon join, but not a CDN answer, so not part of A_i (eq. 2). The label count spares
   * the CDN name (shorter than any beacon) the comparison.
   */
  private boolean correlationBeacon(Outcome o) {
    org.xbill.DNS.Name q = o.qname();
    return q != null && q.labels() > correlationBeacons.labels() && q.subdomain(correlationBeacons);
  }

  /** Counts a message received and answers it; a drop is counted and gives {@code null}. */
  private Reply.Send answer(byte[] wire, InetAddress client, boolean tcp, long t0) {
    received.increment();
    if (answerer.answer(wire, client, tcp, t0) instanceof Reply.Send send) {
      return send;
    }
    metrics.dropped();
    return null;
  }

  private void finish(Outcome o, InetAddress client, boolean tcp, long t0) {
    long done = nanoClock.getAsLong();
    if ((o.kind() == AnswerKind.L1 || o.kind() == AnswerKind.L2) && !correlationBeacon(o)) {
      cdnAnswers.increment();
      demand.answered(RequeryDemand.key(client.getAddress()), done, cdnTtlNanos);
    }
    metrics.answered(o, tcp, done - t0);
    if (log != null) {
      log.record(done, client, o);
    }
  }

  /**
   * An exception escaped a handler: a bug, counted and shown in status, never fatal to the server.
   */
  void failed(Throwable cause) {
    failures.incrementAndGet();
    lastFailure = cause;
  }

  /** The last exception that escaped a handler, or {@code null}. */
  Throwable lastFailure() {
    return lastFailure;
  }

  /** Messages received over both transports. */
  long received() {
    return received.sum();
  }

  /**
   * Responses sent that answered a CDN name with L1 or L2 (a slipped, truncated response included;
   * a dropped one not), whatever the metrics: the DNS side of A_i (paper 004 eq. 2).
   */
  long cdnAnswers() {
    return cdnAnswers.sum();
  }

  /** The requests behind the CDN answers, from the resolvers' re-query gaps. */
  RequeryDemand.Totals demand() {
    return demand.totals();
  }

  /** The re-query table's counts for the status page. */
  Map<String, Object> demandStatus() {
    Map<String, Object> m = new LinkedHashMap<>();
    RequeryDemand.Totals t = demand.totals();
    m.put("answers", t.answers());
    m.put("rated", t.rated());
    m.put("early", demand.early());
    m.put("forgotten", demand.forgotten());
    m.put("requestsPerRatedAnswer", t.rated() == 0 ? null : t.requests() / t.rated());
    return m;
  }

  long failures() {
    return failures.get();
  }
}
