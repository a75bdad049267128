package dev.alm.ratelimit.alloc;

/** The message type of allocators that send none (CTB, static 1/N, independent). */
public record NoMessage() implements PeerMessage {
  @Override
  public int sizeBytes() {
    return 0;
  }
}
