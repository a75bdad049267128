package dev.alm.ratelimit.alloc;

/**
 * A message addressed from one limiter to another. Limiters are numbered 0..N-1 (the index in the
 * scenario; a live agent maps PoP names to these ids).
 *
 * @param from the sending limiter
 * @param to the receiving limiter
 * @param body the algorithm's message
 * @param <M> the body type
 */
public record Envelope<M extends PeerMessage>(int from, int to, M body) {
  public Envelope {
    if (from < 0 || to < 0) {
      throw new IllegalArgumentException("limiter ids are non-negative: " + from + " -> " + to);
    }
    if (body == null) {
      throw new IllegalArgumentException("a message needs a body");
    }
  }
}
