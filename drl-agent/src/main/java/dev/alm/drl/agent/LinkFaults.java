package dev.alm.drl.agent;

/**
 * Faults an agent's UDP adapter injects into its own sending, to run a scenario's message loss and
 * delay over real sockets (paper 001 section 5.6's lossy runs; a simulator scenario's {@code loss}
 * and {@code delay}): each datagram is dropped with probability {@code loss}, else sent after
 * {@code delay} seconds. Draws come from a generator seeded with {@code seed} and the agent's id,
 * so a run's drops are reproducible up to the timing of the event loop.
 *
 * @param loss the probability of dropping a datagram, in [0, 1)
 * @param delay seconds each datagram waits before it is sent, &gt;= 0
 * @param seed the seed of the drops
 */
public record LinkFaults(double loss, double delay, long seed) {

  /** No loss, no delay. */
  public static final LinkFaults NONE = new LinkFaults(0, 0, 0);

  public LinkFaults {
    if (!(loss >= 0 && loss < 1) || !(delay >= 0 && delay <= 60)) {
      throw new IllegalArgumentException(
          "loss must be in [0, 1) and delay in [0, 60] s: " + loss + ", " + delay);
    }
  }
}
