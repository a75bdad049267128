package dev.alm.app.drl;

import dev.alm.drl.central.KeyDecider;
import dev.alm.drl.central.RedisKeyLimiter.Answer;
import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * The load of {@code alm drl keys-central}: requests of Zipf-popular keys paced at a rate, each a
 * decision asked of a central store ({@link KeyDecider}: Redis or the token server) with at most
 * {@code concurrency} in flight, counted per key and per window (the window of the wall-clock time
 * the request was sent, aligned to the epoch as the bucket's refills are). A window is measured
 * when it lies whole inside the load; those that overlap the outage are measured apart.
 */
final class KeysCentralRun {

  /** Windows whose counts are kept at once (a window closes when its last answer is in). */
  private static final int RING = 4;

  /** Per-key counts of one window. */
  private static final class Slot {
    final AtomicIntegerArray demand;
    final AtomicIntegerArray admitted;
    final AtomicIntegerArray byPolicy;
    final AtomicLong pending = new AtomicLong();
    volatile long id = Long.MIN_VALUE;
    volatile boolean open;

    Slot(int keys) {
      demand = new AtomicIntegerArray(keys);
      admitted = new AtomicIntegerArray(keys);
      byPolicy = new AtomicIntegerArray(keys);
    }
  }

  /** What one group of windows (clear of the outage, or overlapping it) measured. */
  static final class Group {
    double[] ratios = new double[1024];
    int n;
    int windows;
    long underKeys;
    long underRefusedKeys;
    long underRefused;
    long underRefusedByPolicy;

    void add(double r) {
      if (n == ratios.length) {
        ratios = Arrays.copyOf(ratios, n * 2);
      }
      ratios[n++] = r;
    }

    KeyedResult.Ratios ratios() {
      return KeyedResult.Ratios.of(ratios.clone(), n);
    }
  }

  /** One complete window, for the table. */
  record WindowRow(
      double startSeconds,
      long requests,
      long admitted,
      long policyAnswers,
      int keysOver,
      double medianRatio,
      long underRefusedKeys,
      boolean outage) {}

  private final KeyDecider limiter;
  private final KeyWindow window;
  private final long limit;
  private final long[] hashes;
  private final IntSupplier nextKey;
  private final Slot[] slots = new Slot[RING];
  private final ConcurrentLinkedQueue<Slot> opened = new ConcurrentLinkedQueue<>();
  final Group steady = new Group();
  final Group outage = new Group();
  final List<WindowRow> rows = new ArrayList<>();
  final long[] latencies;
  private final long stride;
  final LongAdder outageSent = new LongAdder();
  final LongAdder outageAdmitted = new LongAdder();
  final LongAdder outagePolicyAdmitted = new LongAdder();
  final LongAdder outagePolicyRefused = new LongAdder();
  final LongAdder policyAnswers = new LongAdder();
  long sent;
  long behind;
  double seconds;
  int partialWindows;
  private long loadStartMillis;
  private long measureFromMillis;
  private long loadEndMillis;
  private long outageFromMillis = -1;
  private long outageToMillis = -1;

  KeysCentralRun(
      KeyDecider limiter,
      KeyWindow window,
      long limit,
      long[] hashes,
      IntSupplier nextKey,
      long maxRequests) {
    this.limiter = limiter;
    this.window = window;
    this.limit = limit;
    this.hashes = hashes;
    this.nextKey = nextKey;
    for (int i = 0; i < RING; i++) {
      slots[i] = new Slot(hashes.length);
    }
    int cap = (int) Math.min(maxRequests, 4_000_000);
    this.stride = Math.max(1, (maxRequests + cap - 1) / cap);
    this.latencies = new long[(int) Math.min(cap, maxRequests / stride + 1)];
  }

  /**
   * Offers {@code offered} requests/s for {@code warmup + duration} s (at most that many requests),
   * with at most {@code concurrency} in flight; windows are measured after the warm-up, and the
   * outage is in seconds after it. {@code everySecond} runs on the calling thread about once a
   * second with the seconds since the start.
   */
  void run(
      double offered,
      double warmup,
      double duration,
      int concurrency,
      long timeoutMs,
      double outageFrom,
      double outageTo,
      java.util.function.IntConsumer everySecond)
      throws InterruptedException {
    long maxRequests = (long) Math.ceil(offered * (warmup + duration));
    long gap = (long) (1e9 / offered);
    Semaphore inFlight = new Semaphore(concurrency);
    long startNanos = System.nanoTime();
    loadStartMillis = System.currentTimeMillis();
    measureFromMillis = loadStartMillis + (long) (warmup * 1000);
    loadEndMillis = measureFromMillis + (long) (duration * 1000);
    if (outageFrom >= 0) {
      outageFromMillis = measureFromMillis + (long) (outageFrom * 1000);
      outageToMillis = measureFromMillis + (long) (outageTo * 1000);
    }
    long endNanos = startNanos + (long) ((warmup + duration) * 1e9);
    Thread sender =
        new Thread(
            () -> send(maxRequests, gap, startNanos, endNanos, inFlight), "alm-keys-central-load");
    sender.setDaemon(true);
    sender.start();
    int second = 0;
    while (sender.isAlive()) {
      sender.join(50);
      closeWindows(false, timeoutMs);
      int s = (int) ((System.nanoTime() - startNanos) / 1_000_000_000L);
      if (s > second) {
        second = s;
        everySecond.accept(s);
      }
    }
    seconds = (System.nanoTime() - startNanos) / 1e9;
    if (!inFlight.tryAcquire(concurrency, 4 * timeoutMs + 10_000, TimeUnit.MILLISECONDS)) {
      System.err.println("alm drl keys-central: some decisions never completed");
    }
    closeWindows(true, timeoutMs);
  }

  private void send(long maxRequests, long gap, long startNanos, long endNanos, Semaphore permits) {
    long next = startNanos;
    long lastWindow = Long.MIN_VALUE;
    Slot slot = null;
    for (long i = 0; i < maxRequests && next < endNanos; i++) {
      long now = System.nanoTime();
      if (next > now) {
        LockSupport.parkNanos(next - now);
      } else if (now - next > 100_000_000L) {
        behind += (now - next) / gap; // more than 0.1 s behind: those are not sent late
        next = now;
      }
      next += gap;
      permits.acquireUninterruptibly();
      long nowMillis = System.currentTimeMillis();
      long w = window.id(nowMillis);
      if (w != lastWindow) {
        slot = open(w);
        lastWindow = w;
      }
      int k = nextKey.getAsInt();
      boolean inOutage = nowMillis >= outageFromMillis && nowMillis < outageToMillis;
      Slot s = slot;
      s.demand.incrementAndGet(k);
      s.pending.incrementAndGet();
      if (inOutage) {
        outageSent.increment();
      }
      long t0 = System.nanoTime();
      // latency after the warm-up and outside the outage: the cost of asking a store that answers
      long sample =
          i % stride == 0 && nowMillis >= measureFromMillis && !inOutage ? i / stride : -1;
      limiter
          .tryAcquire(hashes[k])
          .thenAccept(
              a -> {
                if (sample >= 0 && sample < latencies.length) {
                  latencies[(int) sample] = System.nanoTime() - t0;
                }
                answered(s, k, a, inOutage);
                s.pending.decrementAndGet();
                permits.release();
              });
      sent = i + 1;
    }
  }

  private void answered(Slot s, int k, Answer a, boolean inOutage) {
    if (a.admits()) {
      s.admitted.incrementAndGet(k);
    }
    if (a.byPolicy()) {
      s.byPolicy.incrementAndGet(k);
      policyAnswers.increment();
    }
    if (inOutage) {
      switch (a) {
        case ADMITTED -> outageAdmitted.increment();
        case POLICY_ADMITTED -> outagePolicyAdmitted.increment();
        case POLICY_REFUSED -> outagePolicyRefused.increment();
        default -> {}
      }
    }
  }

  /** The slot of window {@code w}, once the window it last held is closed. */
  private Slot open(long w) {
    Slot s = slots[(int) Math.floorMod(w, RING)];
    while (s.open && s.id != w) {
      LockSupport.parkNanos(1_000_000);
    }
    if (!s.open) {
      s.id = w;
      s.open = true;
      opened.add(s);
    }
    return s;
  }

  /** Closes, oldest first, the windows that are over and whose answers are all in. */
  private void closeWindows(boolean all, long timeoutMs) {
    long nowMillis = System.currentTimeMillis();
    while (!opened.isEmpty()) {
      Slot s = opened.peek();
      long end = (s.id + 1) * window.millis();
      boolean over = all || nowMillis >= end + 2 * timeoutMs;
      if (!over || (s.pending.get() > 0 && !all)) {
        return;
      }
      opened.poll();
      close(s);
      s.open = false;
    }
  }

  private void close(Slot s) {
    long start = s.id * window.millis();
    long end = start + window.millis();
    boolean complete = start >= measureFromMillis && end <= loadEndMillis;
    boolean inOutage = outageFromMillis >= 0 && start < outageToMillis && end > outageFromMillis;
    Group g = inOutage ? outage : steady;
    long requests = 0;
    long admitted = 0;
    long policy = 0;
    int over = 0;
    long underRefusedKeys = 0;
    int first = g.n;
    for (int k = 0; k < hashes.length; k++) {
      int d = s.demand.getAndSet(k, 0);
      int a = s.admitted.getAndSet(k, 0);
      int p = s.byPolicy.getAndSet(k, 0);
      if (d == 0 || !complete) {
        continue;
      }
      requests += d;
      admitted += a;
      policy += p;
      if (d >= limit) {
        over++;
        g.add(a / (double) limit);
      } else {
        g.underKeys++;
        if (a < d) {
          underRefusedKeys++;
          g.underRefused += d - a;
          g.underRefusedByPolicy += Math.min(d - a, p);
        }
      }
    }
    if (!complete) {
      partialWindows++;
      return;
    }
    g.windows++;
    g.underRefusedKeys += underRefusedKeys;
    double[] mine = Arrays.copyOfRange(g.ratios, first, g.n);
    double median = KeyedResult.Ratios.of(mine, mine.length).median();
    rows.add(
        new WindowRow(
            (start - measureFromMillis) / 1000.0,
            requests,
            admitted,
            policy,
            over,
            median,
            underRefusedKeys,
            inOutage));
  }

  /** The latency samples (after the warm-up, outside the outage), sorted, in nanoseconds. */
  long[] sortedLatencies() {
    int n = (int) Math.min(latencies.length, (sent + stride - 1) / stride);
    return Arrays.stream(latencies, 0, n).filter(t -> t > 0).sorted().toArray();
  }
}
