package dev.alm.node;

import dev.alm.io.InputException;
import java.io.IOException;
import java.net.BindException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A daemon's life when a command runs it: start it, close it from a shutdown hook on Ctrl-C or
 * SIGTERM, wait until then or until {@code --duration} has passed, and close it exactly once. Used
 * by {@code alm dns}, {@code alm proxy} and {@code alm pop}.
 */
public final class DaemonLifecycle {

  /** Starts a daemon; whatever it throws is the command's failure. */
  @FunctionalInterface
  public interface Start<T extends AutoCloseable> {
    T start() throws Exception;
  }

  private final String name;
  private final AutoCloseable daemon;
  private final Consumer<String> errors;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final AtomicBoolean closing = new AtomicBoolean();
  private final Thread hook;

  private DaemonLifecycle(String name, AutoCloseable daemon, Consumer<String> errors) {
    this.name = name;
    this.daemon = daemon;
    this.errors = errors;
    this.hook = new Thread(this::close, name.replace(' ', '-') + "-shutdown");
  }

  /**
   * Starts a daemon, runs {@code started} (the command's start-up line) and returns once it has
   * stopped: interrupted from outside (shutdown hook), or after {@code duration}, or never when
   * {@code duration} is null.
   *
   * @param name the command, as lines name it ("alm dns")
   * @param errors where a failure to close is reported, one line
   */
  public static <T extends AutoCloseable> void run(
      String name, Start<T> start, Consumer<T> started, Duration duration, Consumer<String> errors)
      throws Exception {
    T daemon;
    try {
      daemon = start.start();
    } catch (Exception e) {
      throw explain(e);
    }
    DaemonLifecycle life = hold(name, daemon, errors);
    try {
      started.accept(daemon);
    } catch (RuntimeException e) {
      life.stop();
      throw e;
    }
    life.await(duration);
  }

  /**
   * A failure to start in the operator's terms: a listen or admin address that is taken or does not
   * resolve becomes a one-line {@link InputException}; anything else is returned as it is.
   */
  static Exception explain(Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnresolvedAddressException) {
        return new InputException(
            "cannot listen", "", "a listen or admin host name does not resolve (use an address)");
      }
      String m = t.getMessage();
      if (t instanceof BindException || (m != null && m.contains("Address already in use"))) {
        return new InputException(
            "cannot listen",
            "",
            "address already in use (another process holds a --listen or --admin port)");
      }
      if (m != null && m.contains("Cannot assign requested address")) {
        return new InputException(
            "cannot listen", "", "no interface of this machine has a listen or admin address");
      }
      if (m != null && m.contains("Permission denied") && t instanceof IOException) {
        return new InputException(
            "cannot listen", "", "permission denied (ports below 1024 need privileges)");
      }
    }
    return e;
  }

  /** Takes charge of a started daemon: from now on a shutdown of the JVM closes it. */
  public static DaemonLifecycle hold(String name, AutoCloseable daemon, Consumer<String> errors) {
    DaemonLifecycle life = new DaemonLifecycle(name, daemon, errors);
    Runtime.getRuntime().addShutdownHook(life.hook);
    return life;
  }

  /**
   * Waits until the daemon is stopped, or until {@code duration} has passed (null: no limit), then
   * stops it.
   */
  public void await(Duration duration) throws InterruptedException {
    if (duration == null) {
      stopped.await();
    } else if (!stopped.await(duration.toNanos(), TimeUnit.NANOSECONDS)) {
      stop();
    }
  }

  /** Closes the daemon now (once) and lets the JVM exit without the hook. */
  public void stop() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or about to: it closes the daemon
    }
    close();
  }

  /** Whether the daemon has been closed. */
  public boolean stopped() {
    return stopped.getCount() == 0;
  }

  private void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    try {
      daemon.close();
    } catch (Exception e) {
      errors.accept(name + ": closing: " + e);
    } finally {
      stopped.countDown();
    }
  }

  /**
   * The {@code --duration} flag: null when not given, else a positive duration written as {@link
   * DurationText} reads it ({@code 90s}, {@code 2m}, {@code 45}).
   *
   * @throws InputException {@code --duration: must be longer than 0, got '-5'}
   */
  public static Duration duration(String flag, String text) throws InputException {
    if (text == null) {
      return null;
    }
    return ConfigFlags.parse(flag, text, DurationText::parse);
  }
}
