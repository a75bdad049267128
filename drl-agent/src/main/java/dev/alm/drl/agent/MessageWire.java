package dev.alm.drl.agent;

import dev.alm.ratelimit.alloc.PeerMessage;
import dev.alm.ratelimit.gdrl.ConsensusMessage;
import dev.alm.ratelimit.gossip.GossipUpdate;
import java.nio.ByteBuffer;

/**
 * The allocators' messages on the wire, one kind byte then a fixed-size body per kind (big-endian):
 *
 * <pre>
 * kind 1, gossip update (GTB, GRD, FPS, share; paper 001 section 3.1), 20 bytes:
 *   seq 4 (unsigned), value 8 (double, &gt;= 0), weight 8 (double, &gt;= 0)
 * kind 2, consensus message (GDRL, paper 000 section IV; the Laplacian throttler), 31 bytes:
 *   round 4 (unsigned), q 8, capacity 8, given 8 (&gt;= 0), degree 2, flags 1 (bit 0: best friend)
 * </pre>
 *
 * Values must be finite; a body that is not is refused as malformed. Sequence numbers and rounds
 * are per sender: {@link #shifted} moves them above what a restarted sender's previous incarnation
 * sent, so that receivers keep taking its updates.
 */
public final class MessageWire {

  /** Kind byte of a {@link GossipUpdate}. */
  public static final byte GOSSIP = 1;

  /** Kind byte of a {@link ConsensusMessage}. */
  public static final byte CONSENSUS = 2;

  private MessageWire() {}

  /** The body size of a kind, or -1 for an unknown kind. */
  public static int bodyBytes(byte kind) {
    return switch (kind) {
      case GOSSIP -> 20;
      case CONSENSUS -> 31;
      default -> -1;
    };
  }

  /** The kind byte of a message, or throws for a message type the wire does not carry. */
  public static byte kind(PeerMessage m) {
    if (m instanceof GossipUpdate) {
      return GOSSIP;
    }
    if (m instanceof ConsensusMessage) {
      return CONSENSUS;
    }
    throw new IllegalArgumentException("no wire format for " + m.getClass().getSimpleName());
  }

  /** Writes the kind byte and the body. */
  public static void write(PeerMessage m, ByteBuffer b) {
    if (m instanceof GossipUpdate u) {
      b.put(GOSSIP).putInt((int) u.seq()).putDouble(u.value()).putDouble(u.weight());
    } else if (m instanceof ConsensusMessage c) {
      b.put(CONSENSUS)
          .putInt((int) c.round())
          .putDouble(c.q())
          .putDouble(c.capacity())
          .putDouble(c.given())
          .putShort((short) Math.min(c.degree(), 0xffff))
          .put((byte) (c.bestFriend() ? 1 : 0));
    } else {
      throw new IllegalArgumentException("no wire format for " + m.getClass().getSimpleName());
    }
  }

  /** Reads a body of {@code kind} (the kind byte already read), or null when it is malformed. */
  public static PeerMessage read(byte kind, ByteBuffer b) {
    if (kind == GOSSIP) {
      long seq = b.getInt() & 0xffffffffL;
      double v = b.getDouble();
      double w = b.getDouble();
      if (!Double.isFinite(v) || !Double.isFinite(w) || v < 0 || w < 0) {
        return null;
      }
      return new GossipUpdate(seq, v, w);
    }
    long round = b.getInt() & 0xffffffffL;
    double q = b.getDouble();
    double capacity = b.getDouble();
    double given = b.getDouble();
    int degree = b.getShort() & 0xffff;
    int flags = b.get();
    if (!Double.isFinite(q) || !Double.isFinite(capacity) || !Double.isFinite(given) || given < 0) {
      return null;
    }
    return new ConsensusMessage(round, q, capacity, degree, (flags & 1) != 0, given);
  }

  /** The message's per-sender sequence number (gossip seq, consensus round). */
  public static long sequence(PeerMessage m) {
    if (m instanceof GossipUpdate u) {
      return u.seq();
    }
    if (m instanceof ConsensusMessage c) {
      return c.round();
    }
    return 0;
  }

  /** The message with its sequence number raised by {@code offset}. */
  public static PeerMessage shifted(PeerMessage m, long offset) {
    if (offset == 0) {
      return m;
    }
    if (m instanceof GossipUpdate u) {
      return new GossipUpdate(u.seq() + offset, u.value(), u.weight());
    }
    if (m instanceof ConsensusMessage c) {
      return new ConsensusMessage(
          c.round() + offset, c.q(), c.capacity(), c.degree(), c.bestFriend(), c.given());
    }
    return m;
  }
}
