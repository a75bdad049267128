package dev.alm.ratelimit.alloc;

import dev.alm.ratelimit.gossip.GossipUpdate;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * One estimate interval of a {@link GossipAllocator}: the limiter's context and state (updated in
 * place), the interval's input, the random source, and the list the interval's gossip messages are
 * appended to.
 */
record GossipStep(
    LimiterContext context,
    GossipLimiterState state,
    StepInput<GossipUpdate> input,
    RandomGenerator random,
    List<Envelope<GossipUpdate>> out) {}
