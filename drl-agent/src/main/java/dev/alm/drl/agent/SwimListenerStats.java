package dev.alm.drl.agent;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the SWIM listener refused after accepting a connection, by reason: frames too slow, too long
 * or badly signed, connections idle or broken (connections over a cap are counted by the listener's
 * connection guard). Counted, never logged per event: a stream of forged frames must cost the PoP a
 * counter increment each, not a stack trace in its log.
 */
public final class SwimListenerStats {

  /** Why the listener closed a connection or dropped a frame. */
  public enum Refusal {
    /** A frame not complete within the frame deadline. */
    DEADLINE,
    /** No frame within the idle timeout. */
    IDLE,
    /** A frame's length over the codec's limit. */
    OVERSIZED,
    /** The connection failed (reset, protocol error). */
    BROKEN;

    /** The name in /status and metrics. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Map<Refusal, LongAdder> counts = new EnumMap<>(Refusal.class);

  public SwimListenerStats() {
    for (Refusal r : Refusal.values()) {
      counts.put(r, new LongAdder());
    }
  }

  void count(Refusal reason) {
    counts.get(reason).increment();
  }

  /** Refusals for {@code reason} since start. */
  public long refused(Refusal reason) {
    return counts.get(reason).sum();
  }

  /** All refusals since start. */
  public long total() {
    long n = 0;
    for (LongAdder a : counts.values()) {
      n += a.sum();
    }
    return n;
  }
}
