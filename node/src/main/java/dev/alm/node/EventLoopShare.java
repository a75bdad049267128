package dev.alm.node;

import io.netty.channel.EventLoopGroup;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Event loops shared by every daemon of one process that runs many PoPs ({@code alm cluster}):
 * while a share is open, {@link Transport#group} hands out one group per thread name (every proxy's
 * I/O on the same few threads, every DNS server's on theirs) and {@link Transport#release} leaves
 * it running; closing the share shuts the groups down. Without a share each daemon has loops of its
 * own, as a PoP in production does.
 *
 * <p>Why: 48 PoPs in one process, each with event loops of its own for its proxy and its DNS, kept
 * {@code alm cluster}'s users 30 s behind their schedule at load unit 20 on a 2-core machine, and
 * 1.5 s at load unit 60 with the loops shared (docs/controllers/loopback.md, "48 PoPs").
 */
public final class EventLoopShare implements AutoCloseable {

  private static volatile EventLoopShare current;

  private final int threads;
  private final Map<String, EventLoopGroup> groups = new ConcurrentHashMap<>();

  private EventLoopShare(int threads) {
    this.threads = threads;
  }

  /**
   * Opens the process's share.
   *
   * @param threads threads of each shared group, &ge; 1
   * @throws IllegalStateException when a share is already open
   */
  public static synchronized EventLoopShare open(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads: must be >= 1, got " + threads);
    }
    if (current != null) {
      throw new IllegalStateException("an event-loop share is already open in this process");
    }
    current = new EventLoopShare(threads);
    return current;
  }

  /** The open share, or null. */
  static EventLoopShare current() {
    return current;
  }

  /** The shared group named {@code name}, made with {@code make} (given the share's threads). */
  EventLoopGroup group(String name, IntFunction<EventLoopGroup> make) {
    return groups.computeIfAbsent(name, n -> make.apply(threads));
  }

  /** Whether {@code group} is one of this share's. */
  boolean owns(EventLoopGroup group) {
    return groups.containsValue(group);
  }

  /** Closes the share: its groups shut down, and daemons started later get loops of their own. */
  @Override
  public void close() {
    synchronized (EventLoopShare.class) {
      if (current == this) {
        current = null;
      }
    }
    for (EventLoopGroup g : groups.values()) {
      g.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
    groups.clear();
  }
}
