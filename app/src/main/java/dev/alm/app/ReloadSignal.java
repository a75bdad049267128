package dev.alm.app;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGHUP to {@code alm pop} (what {@code systemctl reload} sends): the PoP reads its configuration
 * again (docs/pop.md, "Reload"), as {@code POST /reload} does. The handler uses {@code
 * sun.misc.Signal} from the JDK's {@code jdk.unsupported} module, the only way to catch a signal in
 * Java 17; it only hands the reload to one reload thread, so the JVM's signal thread is never held,
 * and reloads asked for in quick succession run one after another.
 */
final class ReloadSignal {

  /** The signal: SIGHUP. */
  static final String NAME = "HUP";

  private static final ExecutorService RELOADS =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "alm-pop-reload");
            t.setDaemon(true);
            return t;
          });

  private ReloadSignal() {}

  /**
   * Makes SIGHUP call {@code reload} (whose outcome it logs itself); where the JVM does not let us
   * catch it ({@code -Xrs}, another platform), says so in one line and reloads stay with {@code
   * POST /reload}.
   *
   * @return the handler it replaced, or null when none was installed
   */
  static SignalHandler install(Supplier<?> reload, Consumer<String> log) {
    try {
      return Signal.handle(new Signal(NAME), s -> handOff(reload, log));
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      log.accept("alm pop: cannot catch SIGHUP (" + e.getMessage() + "): reload with POST /reload");
      return null;
    }
  }

  /** What the signal thread does: queue the reload and return at once. */
  static void handOff(Supplier<?> reload, Consumer<String> log) {
    RELOADS.execute(
        () -> {
          try {
            reload.get();
          } catch (RuntimeException e) {
            log.accept("alm pop: reload on SIGHUP failed: " + e);
          }
        });
  }
}
