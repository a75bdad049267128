package dev.alm.correlation;

import dev.alm.io.InputException;
import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.AnswerKind;
import dev.alm.traces.BeaconName;
import dev.alm.traces.QueryLogRecord;
import dev.alm.traces.TraceReader;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Samples of C by FastRoute's beacon method: every beacon name ({@link BeaconName}) is handed out
 * in one DNS answer, so the PoP that answered it with L1 (DNS query log) and the proxy that
 * received the HTTP request for it (access log) make one sample of row i, column j (paper 004 eq.
 * 1). DNS and HTTP logs are merged by time, and an answer and a request are joined when they are at
 * most the join window apart (either may come first: clocks of PoPs differ). Lines that are not
 * beacons are counted and passed over.
 *
 * <p>The join's clock is the latest timestamp of any record read so far (beacon or not). A beacon
 * waiting longer than the window by that clock is unjoined: it is evicted, and a later half of the
 * same name starts afresh rather than counting as a duplicate. The outcome for a beacon name
 * therefore depends only on its own halves, in the order read, and the clock at each of them
 * ({@link #expired}, {@link #joins}): what lets a distributed join give the same counts
 * (docs/correlation/spark.md, "On Spark").
 *
 * <p>Memory: the beacons waiting for their other half, at most those of the last window; an entry
 * older than the window is evicted and counted as unjoined. It does not grow with the length of the
 * logs.
 */
public final class BeaconJoin {

  /**
   * What joining did.
   *
   * @param dnsRecords DNS log records read
   * @param beaconAnswers beacon names answered with L1
   * @param httpRecords access log records read
   * @param beaconRequests requests for beacon names
   * @param joined samples sent to the sink
   * @param unjoinedAnswers beacon answers with no request within the window
   * @param unjoinedRequests beacon requests with no answer within the window
   * @param duplicates a second answer or request for a beacon name still waiting (the first is
   *     kept)
   * @param maxPending the most beacons waiting at once: the join's memory
   */
  public record Stats(
      long dnsRecords,
      long beaconAnswers,
      long httpRecords,
      long beaconRequests,
      long joined,
      long unjoinedAnswers,
      long unjoinedRequests,
      long duplicates,
      long maxPending) {}

  private record Pending(long t, boolean dns, String pop) {}

  private final long windowMillis;
  private final LinkedHashMap<String, Pending> pending = new LinkedHashMap<>();
  private long dnsRecords;
  private long beaconAnswers;
  private long httpRecords;
  private long beaconRequests;
  private long joined;
  private long unjoinedAnswers;
  private long unjoinedRequests;
  private long duplicates;
  private long maxPending;
  private long latest = Long.MIN_VALUE;

  /**
   * @param windowMillis the largest time between a beacon's answer and its request, &gt;= 0
   */
  public BeaconJoin(long windowMillis) {
    if (windowMillis < 0) {
      throw new IllegalArgumentException(
          "the join window must be >= 0, got " + windowMillis + " ms");
    }
    this.windowMillis = windowMillis;
  }

  /** Reads every log to its end, merged by time, sending joined beacons to {@code sink}. */
  public void read(
      List<TraceReader<QueryLogRecord>> dns,
      List<TraceReader<AccessLogRecord>> http,
      SampleSink sink)
      throws InputException {
    int nd = dns.size();
    QueryLogRecord[] dh = new QueryLogRecord[nd];
    for (int k = 0; k < nd; k++) {
      dh[k] = dns.get(k).next();
    }
    AccessLogRecord[] hh = new AccessLogRecord[http.size()];
    for (int k = 0; k < hh.length; k++) {
      hh[k] = http.get(k).next();
    }
    while (true) {
      int best = -1;
      long bestT = Long.MAX_VALUE;
      for (int k = 0; k < nd; k++) {
        if (dh[k] != null && dh[k].epochMillis() < bestT) {
          best = k;
          bestT = dh[k].epochMillis();
        }
      }
      for (int k = 0; k < hh.length; k++) {
        if (hh[k] != null && hh[k].epochMillis() < bestT) {
          best = nd + k;
          bestT = hh[k].epochMillis();
        }
      }
      if (best < 0) {
        return;
      }
      if (best < nd) {
        TraceReader<QueryLogRecord> r = dns.get(best);
        answer(dh[best], sink, r.source(), r.line());
        dh[best] = r.next();
      } else {
        TraceReader<AccessLogRecord> r = http.get(best - nd);
        request(hh[best - nd], sink, r.source(), r.line());
        hh[best - nd] = r.next();
      }
    }
  }

  /**
   * Whether a half waiting since {@code pendingMillis} is past the window at clock {@code
   * latestMillis} (the latest timestamp read so far): it is then unjoined.
   */
  public static boolean expired(long pendingMillis, long latestMillis, long windowMillis) {
    return pendingMillis < latestMillis - windowMillis;
  }

  /**
   * Whether a half ({@code dns} side, at {@code t}) completes a waiting one: the other side, at
   * most the window apart. Otherwise it is a duplicate and the waiting half is kept.
   */
  public static boolean joins(
      boolean pendingDns, long pendingMillis, boolean dns, long t, long windowMillis) {
    return pendingDns != dns && Math.abs(t - pendingMillis) <= windowMillis;
  }

  /** One DNS log record. */
  public void answer(QueryLogRecord q, SampleSink sink, String source, long line)
      throws InputException {
    dnsRecords++;
    clock(q.epochMillis());
    if (q.answer() != AnswerKind.L1) {
      return;
    }
    String key = BeaconName.key(q.qname());
    if (key == null) {
      return;
    }
    beaconAnswers++;
    half(key, q.epochMillis(), true, q.pop(), sink, source, line);
  }

  /** One access log record. */
  public void request(AccessLogRecord a, SampleSink sink, String source, long line)
      throws InputException {
    httpRecords++;
    clock(a.epochMillis());
    String key = BeaconName.key(a.host());
    if (key == null) {
      return;
    }
    beaconRequests++;
    half(key, a.epochMillis(), false, a.pop(), sink, source, line);
  }

  private void half(
      String key, long t, boolean dns, String pop, SampleSink sink, String source, long line)
      throws InputException {
    Pending p = pending.get(key);
    if (p != null && expired(p.t(), latest, windowMillis)) {
      pending.remove(key); // evict() stops at the first live entry; this one is past the window
      if (p.dns()) {
        unjoinedAnswers++;
      } else {
        unjoinedRequests++;
      }
      p = null;
    }
    if (p != null) {
      if (joins(p.dns(), p.t(), dns, t, windowMillis)) {
        pending.remove(key);
        joined++;
        if (dns) {
          sink.sample(t, pop, p.pop(), source, line);
        } else {
          sink.sample(p.t(), p.pop(), pop, source, line);
        }
      } else {
        duplicates++;
      }
      return;
    }
    pending.put(key, new Pending(t, dns, pop));
    maxPending = Math.max(maxPending, pending.size());
  }

  private void clock(long t) {
    if (t > latest) {
      latest = t;
      evict();
    }
  }

  private void evict() {
    PairedEstimator.evictExpired(
        pending,
        Pending::t,
        latest,
        windowMillis,
        p -> {
          if (p.dns()) {
            unjoinedAnswers++;
          } else {
            unjoinedRequests++;
          }
        });
  }

  /** What joining did so far; beacons still waiting count as unjoined. */
  public Stats stats() {
    long waitingDns = pending.values().stream().filter(Pending::dns).count();
    return new Stats(
        dnsRecords,
        beaconAnswers,
        httpRecords,
        beaconRequests,
        joined,
        unjoinedAnswers + waitingDns,
        unjoinedRequests + pending.size() - waitingDns,
        duplicates,
        maxPending);
  }
}
