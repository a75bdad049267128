package dev.alm.ratelimit.alloc;

/**
 * The body of a message between two limiters. The simulator charges {@link #sizeBytes()} to the
 * sender (summary field {@code bytesPerLimiterPerSecond}); a live agent serializes the record.
 * Paper 001 section 3.1 counts 48 bytes per gossip update including IP and UDP headers.
 */
public interface PeerMessage {

  /** Bytes on the wire, headers included (paper 001: 48 for a gossip update). */
  int sizeBytes();
}
