package dev.alm.correlation;

import dev.alm.io.InputException;
import dev.alm.traces.PairedObservation;
import dev.alm.traces.TraceReader;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * Samples of C from paired catchment observations: a vantage point seen on the DNS-layer service at
 * site i and on the HTTP-layer service at site j, within the pairing window, is one sample of row
 * i, column j (paper 004 eq. 1; the Quad9 trace of docs/correlation/estimate.md). Observations of
 * other services are counted and ignored.
 *
 * <p>Memory: one pending observation per vantage point seen within the last window; observations
 * more than a window behind the latest time read are evicted as unpaired, so memory does not grow
 * with the file when the file is in time order (as measurement exports are).
 */
public final class PairedEstimator {

  /**
   * What pairing did.
   *
   * @param observations observations read
   * @param otherService observations of neither service
   * @param pairs samples sent to the sink
   * @param unpaired observations that found no partner within the window
   */
  public record Stats(long observations, long otherService, long pairs, long unpaired) {}

  /** Receives every DNS-side observation, for drift of the vantage points' own sites. */
  @FunctionalInterface
  public interface DnsSideObserver {
    void observe(long epochMillis, String vantage, String site);
  }

  private record Pending(long t, boolean dnsSide, String site) {}

  private final String dnsService;
  private final String httpService;
  private final long windowMillis;
  private final DnsSideObserver observer;
  private final LinkedHashMap<String, Pending> pending = new LinkedHashMap<>();
  private long observations;
  private long other;
  private long pairs;
  private long unpaired;
  private long latest = Long.MIN_VALUE;

  /**
   * @param dnsService the service whose site is the row (DNS layer)
   * @param httpService the service whose site is the column (HTTP layer)
   * @param windowMillis the largest time between the two observations of a pair, &gt;= 0
   * @param observer sees DNS-side observations; may be {@code null}
   */
  public PairedEstimator(
      String dnsService, String httpService, long windowMillis, DnsSideObserver observer) {
    if (dnsService.equals(httpService)) {
      throw new IllegalArgumentException(
          "the DNS and HTTP services must differ, both are '" + dnsService + "'");
    }
    if (windowMillis < 0) {
      throw new IllegalArgumentException(
          "the pairing window must be >= 0, got " + windowMillis + " ms");
    }
    this.dnsService = dnsService;
    this.httpService = httpService;
    this.windowMillis = windowMillis;
    this.observer = observer;
  }

  /** Pairs every observation of {@code in} into {@code sink}. */
  public void read(TraceReader<PairedObservation> in, SampleSink sink) throws InputException {
    for (PairedObservation o = in.next(); o != null; o = in.next()) {
      accept(o, sink, in.source(), in.line());
    }
  }

  /** Pairs one observation. */
  public void accept(PairedObservation o, SampleSink sink, String source, long line)
      throws InputException {
    observations++;
    boolean dns = o.service().equals(dnsService);
    if (!dns && !o.service().equals(httpService)) {
      other++;
      return;
    }
    long t = o.epochMillis();
    if (t > latest) {
      latest = t;
      evict();
    }
    if (dns && observer != null) {
      observer.observe(t, o.vantage(), o.site());
    }
    Pending p = pending.remove(o.vantage());
    if (p != null && pairs(p.dnsSide(), p.t(), dns, t, windowMillis)) {
      pairs++;
      if (dns) {
        sink.sample(t, o.site(), p.site(), source, line);
      } else {
        sink.sample(p.t(), p.site(), o.site(), source, line);
      }
      return;
    }
    if (p != null) {
      unpaired++;
    }
    pending.put(o.vantage(), new Pending(t, dns, o.site()));
  }

  /**
   * Whether a pending observation at {@code pendingT} pairs with one at {@code t}: one on each
   * service, at most a window apart. The rule of every engine (the Spark job's too).
   */
  public static boolean pairs(
      boolean pendingDnsSide, long pendingT, boolean dnsSide, long t, long windowMillis) {
    return pendingDnsSide != dnsSide && Math.abs(t - pendingT) <= windowMillis;
  }

  /**
   * Whether a pending observation at {@code pendingT} is given up as unpaired once the latest time
   * read is {@code latest}: it is more than a window behind.
   */
  public static boolean expired(long pendingT, long latest, long windowMillis) {
    return pendingT < latest - windowMillis;
  }

  private void evict() {
    evictExpired(pending, Pending::t, latest, windowMillis, p -> unpaired++);
  }

  /**
   * Removes the pending observations of {@code pending} (in time order) that are more than a window
   * behind {@code latest}, oldest first, handing each to {@code evicted}; stops at the first one
   * still within the window.
   */
  static <P> void evictExpired(
      Map<String, P> pending,
      ToLongFunction<P> time,
      long latest,
      long windowMillis,
      Consumer<P> evicted) {
    Iterator<Map.Entry<String, P>> it = pending.entrySet().iterator();
    while (it.hasNext()) {
      P p = it.next().getValue();
      if (!expired(time.applyAsLong(p), latest, windowMillis)) {
        return;
      }
      it.remove();
      evicted.accept(p);
    }
  }

  /** What pairing did so far; observations still pending count as unpaired. */
  public Stats stats() {
    return new Stats(observations, other, pairs, unpaired + pending.size());
  }
}
