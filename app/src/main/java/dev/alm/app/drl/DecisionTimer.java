package dev.alm.app.drl;

import dev.alm.ratelimit.throttle.Limiter;
import dev.alm.ratelimit.throttle.Throttler;
import java.util.concurrent.CountDownLatch;
import java.util.function.LongSupplier;

/**
 * Times throttling decisions for {@code alm drl bench}: a loop of {@code tryAcquire} calls on one
 * or two threads for a fixed wall time, after a warm-up of half that time, in ns per decision.
 */
final class DecisionTimer {

  /** One measurement: decisions made per thread, wall nanoseconds, admitted fraction. */
  record Result(long decisionsPerThread, long nanos, double admittedFraction, int threads) {
    /** Wall nanoseconds per decision on one thread. */
    double nsPerDecision() {
      return (double) nanos / decisionsPerThread;
    }
  }

  /** A decision source: one call is one decision; returns 1 when admitted. */
  interface Call {
    int decide(int i);
  }

  private static final int CHUNK = 10_000;

  private final long millis;

  DecisionTimer(long millis) {
    this.millis = millis;
  }

  /** Decisions on one limiter, the time read from {@code clock} for every decision. */
  static Call limiter(Limiter l, LongSupplier clock) {
    return i -> l.tryAcquire(1, clock.getAsLong()).admitted() ? 1 : 0;
  }

  /** Decisions on one limiter with a synthetic clock that advances {@code stepNanos} per call. */
  static Call limiterSynthetic(Limiter l, long stepNanos) {
    long[] now = {0};
    return i -> l.tryAcquire(1, now[0] += stepNanos).admitted() ? 1 : 0;
  }

  /** Decisions on a keyed throttler, cycling through {@code keys}, time from System.nanoTime. */
  static Call keyed(Throttler<String> t, String[] keys) {
    int n = keys.length;
    return i -> t.tryAcquire(keys[i % n], 1, System.nanoTime()).admitted() ? 1 : 0;
  }

  /** Runs {@code calls} (one per thread) and returns the measurement after a warm-up. */
  Result run(Call... calls) throws InterruptedException {
    once(calls, millis / 2);
    return once(calls, millis);
  }

  private Result once(Call[] calls, long ms) throws InterruptedException {
    int threads = calls.length;
    long[] counts = new long[threads];
    long[] admitted = new long[threads];
    CountDownLatch start = new CountDownLatch(1);
    Thread[] workers = new Thread[threads];
    long deadline = ms * 1_000_000L;
    long[] began = new long[1];
    for (int w = 0; w < threads; w++) {
      int id = w;
      workers[w] =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                Call c = calls[id];
                long t0 = System.nanoTime();
                long n = 0;
                long a = 0;
                int i = id * 7919;
                while (System.nanoTime() - t0 < deadline) {
                  for (int k = 0; k < CHUNK; k++) {
                    a += c.decide(i++ & Integer.MAX_VALUE);
                  }
                  n += CHUNK;
                }
                counts[id] = n;
                admitted[id] = a;
              },
              "drl-bench-" + w);
      workers[w].start();
    }
    began[0] = System.nanoTime();
    start.countDown();
    for (Thread t : workers) {
      t.join();
    }
    long nanos = System.nanoTime() - began[0];
    long total = 0;
    long adm = 0;
    for (int w = 0; w < threads; w++) {
      total += counts[w];
      adm += admitted[w];
    }
    return new Result(total / threads, nanos, (double) adm / total, threads);
  }
}
