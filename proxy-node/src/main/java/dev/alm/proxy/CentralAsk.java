package dev.alm.proxy;

import dev.alm.proxy.limit.CentralLimiter;
import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One ask of the central store ({@link CentralLimiter}, docs/ratelimit/enforcement.md) from a
 * connection's event loop: the store's answer, or null when its stage fails, it throws, there is no
 * store, or no answer comes within the timeout, is handed once to the caller on that event loop,
 * whichever comes first. Used for a central customer's request ({@link ProxyHandler}) and for each
 * chunk of its paced body ({@link CentralPacedBody}).
 */
final class CentralAsk {

  private CentralAsk() {}

  /**
   * Asks {@code central} for {@code units} of {@code customer}'s bucket.
   *
   * @param central the store, or null (then the answer is null at once, on the loop)
   * @param answer called once on {@code loop}: the store's answer, or null (failed, timed out)
   */
  static void ask(
      EventExecutor loop,
      CentralLimiter central,
      String customer,
      long units,
      long timeoutNanos,
      Consumer<Boolean> answer) {
    boolean[] decided = {false};
    Consumer<Boolean> once =
        v -> {
          if (!decided[0]) {
            decided[0] = true;
            answer.accept(v);
          }
        };
    var timeout = loop.schedule(() -> once.accept(null), timeoutNanos, TimeUnit.NANOSECONDS);
    CompletionStage<Boolean> stage;
    try {
      stage =
          central == null
              ? CompletableFuture.failedFuture(new IllegalStateException("no central store"))
              : central.tryAcquire(customer, units);
    } catch (RuntimeException e) {
      stage = CompletableFuture.failedFuture(e);
    }
    stage.whenComplete(
        (ok, err) -> {
          Boolean v = err == null ? ok : null;
          Runnable r =
              () -> {
                timeout.cancel(false);
                once.accept(v);
              };
          if (loop.inEventLoop()) {
            r.run();
          } else {
            loop.execute(r);
          }
        });
  }
}
