package dev.alm.drl.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.AllocatorFactory;
import dev.alm.ratelimit.alloc.AllocatorSettings;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.gossip.Ewma;
import dev.alm.ratelimit.sim.AlgorithmCatalog;
import java.util.Arrays;

/**
 * Builds each customer's {@link CustomerAllocation} at one PoP from the agent's settings, through
 * the simulator's algorithm catalog ({@link AlgorithmCatalog}): the same factories and the same
 * settings fields a scenario gives ({@link AllocatorSettings}), with the agent's interval, EWMA, br
 * and gossip mode, paper 001 section 5.6's rule on (peers not heard count as unreachable), the
 * PoP's graph neighbours, and buckets of {@link AgentSettings#bucketSeconds} of the limit (0.1 s by
 * default).
 */
final class CustomerAllocations {

  private final AgentSettings settings;
  private final AlgorithmCatalog catalog = AlgorithmCatalog.standard();

  CustomerAllocations(AgentSettings settings) {
    this.settings = settings;
  }

  /** The limiter context of a customer at this PoP. */
  LimiterContext context(CustomerLimit l) {
    int[] nb = settings.graphNeighbours();
    double[] w = new double[nb.length];
    Arrays.fill(w, 1.0);
    return new LimiterContext(
        settings.id(),
        settings.limiters(),
        l.limit(),
        settings.interval(),
        settings.bucketSeconds() * l.limit(),
        nb,
        w);
  }

  /**
   * A customer's allocation from its initial state.
   *
   * @throws IllegalArgumentException when the algorithm's parameters do not fit
   */
  CustomerAllocation<?, ?> create(CustomerLimit l) {
    AllocatorFactory f =
        catalog
            .find(l.algorithm())
            .orElseThrow(() -> new IllegalArgumentException("unknown algorithm " + l.algorithm()));
    AllocatorSettings s =
        new AllocatorSettings(
            "drl",
            settings.limiters(),
            settings.interval(),
            Ewma.perInterval(settings.ewma(), settings.interval()),
            settings.fanOut(),
            settings.gossip() == AgentSettings.GossipMode.PUSH_SUM,
            true,
            settings.effectivePeerTimeout(),
            parameters(l.algorithm()));
    try {
      return new CustomerAllocation<>(l, f.create(s), context(l));
    } catch (InputException e) {
      throw new IllegalArgumentException("customer " + l.name() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The algorithm's parameters: the configured ones, and for GDRL without an {@code eta} the stable
   * gain of paper 000's bound (9) for this PoP's degree, 1/(2 d) (the simulator's default 1/4 is
   * the bound on a ring, and the agent's default graph is complete).
   */
  private JsonNode parameters(String algorithm) {
    JsonNode p = settings.algorithms().get(algorithm);
    if ("gdrl".equals(algorithm) && (p == null || !p.has("eta"))) {
      ObjectNode o =
          p != null && p.isObject()
              ? ((ObjectNode) p).deepCopy()
              : JsonNodeFactory.instance.objectNode();
      o.put("eta", 1.0 / (2 * Math.max(1, settings.graphNeighbours().length)));
      return o;
    }
    return p;
  }
}
