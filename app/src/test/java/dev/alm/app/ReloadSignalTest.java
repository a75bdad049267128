package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGHUP to {@code alm pop} reloads (docs/pop/reload.md, "Reload"): a real SIGHUP raised in this
 * JVM runs the reload, on the reload thread; the signal thread only hands it over, so a slow reload
 * never holds it; a failing reload is logged in one line.
 */
class ReloadSignalTest {

  @Test
  void aSighupRunsTheReloadOnTheReloadThread() throws Exception {
    CountDownLatch reloaded = new CountDownLatch(1);
    List<String> threads = new CopyOnWriteArrayList<>();
    SignalHandler previous =
        ReloadSignal.install(
            () -> {
              threads.add(Thread.currentThread().getName());
              reloaded.countDown();
              return null;
            },
            l -> {});
    assertNotNull(previous, "the JVM lets alm catch SIGHUP");
    try {
      Signal.raise(new Signal(ReloadSignal.NAME));
      assertTrue(reloaded.await(5, TimeUnit.SECONDS), "SIGHUP reloaded");
      assertEquals(List.of("alm-pop-reload"), threads);
    } finally {
      Signal.handle(new Signal(ReloadSignal.NAME), previous);
    }
  }

  @Test
  void theHandOffReturnsAtOnceAndReloadsRunOneAfterAnother() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(2);
    AtomicInteger running = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    List<String> log = new CopyOnWriteArrayList<>();
    Supplier<Object> slow =
        () -> {
          most.accumulateAndGet(running.incrementAndGet(), Math::max);
          try {
            release.await(5, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          running.decrementAndGet();
          done.countDown();
          return null;
        };
    long t0 = System.nanoTime();
    ReloadSignal.handOff(slow, log::add);
    ReloadSignal.handOff(slow, log::add);
    assertTrue(System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(500), "never blocks");
    release.countDown();
    assertTrue(done.await(5, TimeUnit.SECONDS));
    assertEquals(1, most.get(), "one reload at a time");

    CountDownLatch failed = new CountDownLatch(1);
    ReloadSignal.handOff(
        () -> {
          throw new IllegalStateException("boom");
        },
        l -> {
          log.add(l);
          failed.countDown();
        });
    assertTrue(failed.await(5, TimeUnit.SECONDS));
    assertTrue(log.get(0).contains("reload on SIGHUP failed") && log.get(0).contains("boom"));
  }
}
