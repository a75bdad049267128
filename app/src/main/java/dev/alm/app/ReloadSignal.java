package dev.alm.app;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The daemons' signals: SIGHUP to {@code alm pop} (what {@code systemctl reload} sends) reads the
 * configuration again (docs/pop/reload.md, "Reload"), as {@code POST /reload} does; SIGUSR1 to
 * {@code alm pop}, {@code alm dns} or {@code alm proxy} (what logrotate's {@code postrotate} sends)
 * reopens the query, access and probe logs (docs/operations/deploying.md, "Log rotation"). The
 * handler uses {@code sun.misc.Signal} from the JDK's {@code jdk.unsupported} module, the only way
 * to catch a signal in Java 17; it only hands the work to one worker thread, so the JVM's signal
 * thread is never held, and signals sent in quick succession are handled one after another.
 */
final class ReloadSignal {

  /** The reload signal: SIGHUP. */
  static final String NAME = "HUP";

  /** The log-reopen signal: SIGUSR1. */
  static final String REOPEN = "USR1";

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

  /**
   * Makes SIGUSR1 call {@code reopen}, which reopens the daemon's log files and logs what failed;
   * where the JVM does not let us catch it, says so in one line (rotate with {@code copytruncate}
   * then).
   *
   * @param daemon the command as the log lines name it ({@code alm dns})
   * @return the handler it replaced, or null when none was installed
   */
  static SignalHandler installReopen(String daemon, Runnable reopen, Consumer<String> log) {
    try {
      return Signal.handle(
          new Signal(REOPEN), s -> handOff(daemon + ": log reopen on SIGUSR1", reopen, log));
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      log.accept(
          daemon
              + ": cannot catch SIGUSR1 ("
              + e.getMessage()
              + "): rotate its logs with copytruncate");
      return null;
    }
  }

  /** What the signal thread does on SIGHUP: queue the reload and return at once. */
  static void handOff(Supplier<?> reload, Consumer<String> log) {
    handOff("alm pop: reload on SIGHUP", reload::get, log);
  }

  /** Queues {@code work} on the worker thread and returns at once; a failure is one log line. */
  static void handOff(String what, Runnable work, Consumer<String> log) {
    RELOADS.execute(
        () -> {
          try {
            work.run();
          } catch (RuntimeException e) {
            log.accept(what + " failed: " + e);
          }
        });
  }
}
