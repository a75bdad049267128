package dev.alm.ratelimit.alloc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * Settings a scenario gives every algorithm, from which an {@link AllocatorFactory} builds an
 * {@link Allocator}.
 *
 * @param source the scenario's file or builtin name, for errors
 * @param limiters N, the number of limiters
 * @param interval the estimate interval in seconds
 * @param ewma the EWMA weight of the previous estimate, a in est = a * est + (1 - a) * rate (paper
 *     001 section 5.1: 0.1 per second; converted to per interval by the scenario reader)
 * @param branching gossip branching factor br: peers contacted per interval (paper 001 section 5.6)
 * @param pushSum disseminate by push-sum ({@code gossip.mode = "push-sum"}) instead of the table of
 *     latest values
 * @param dropDisconnected apply paper 001 section 5.6's rule: zero stale estimates and lower the
 *     global limit by 1/N per unreachable peer
 * @param staleAfter seconds after which a peer's estimate is stale under that rule
 * @param parameters the scenario's object {@code algorithms.<name>} (empty when absent), for
 *     algorithm-specific settings (eta, gamma, indicator, ...)
 */
public record AllocatorSettings(
    String source,
    int limiters,
    double interval,
    double ewma,
    int branching,
    boolean pushSum,
    boolean dropDisconnected,
    double staleAfter,
    JsonNode parameters) {

  public AllocatorSettings {
    if (limiters < 1 || !(interval > 0)) {
      throw new IllegalArgumentException("limiters >= 1 and interval > 0");
    }
    if (!(ewma >= 0 && ewma < 1)) {
      throw new IllegalArgumentException("ewma in [0, 1): " + ewma);
    }
    if (branching < 0) {
      throw new IllegalArgumentException("branching >= 0: " + branching);
    }
    if (parameters == null) {
      parameters = JsonNodeFactory.instance.objectNode();
    }
  }

  /** Defaults of paper 001 section 5.1 (EWMA 0.1 per 1 s at 50 ms intervals, br = 3). */
  public static AllocatorSettings defaults(int limiters) {
    return new AllocatorSettings(
        "defaults", limiters, 0.05, Math.pow(0.1, 0.05), 3, false, false, 0.2, null);
  }
}
