package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
import io.scalecube.cluster.transport.api.Message;
import io.scalecube.cluster.transport.api.MessageCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The SWIM members' message codec: ScaleCube's messages, signed with the gossip key and checked
 * before a byte of them is deserialised.
 *
 * <p>ScaleCube's default codec is Java serialisation of whatever arrives on the cluster's TCP port,
 * which would let anyone who reaches that port make the PoP deserialise objects of their choosing.
 * Here every frame is
 *
 * <pre>
 *   version (1 byte, 1) | sent at (8 bytes, wall-clock ms) | HMAC-SHA256 truncated to 16 bytes | payload
 * </pre>
 *
 * where the MAC covers version, time and payload with the {@link KeyRing} of the gossip datagrams
 * (current and previous key). A frame is refused, counted by {@link Refusal}, and never
 * deserialised when it is too short, of another version, badly signed or sent more than {@link
 * #DEFAULT_MAX_AGE_MS} from this PoP's clock (a bound on replays: SWIM's own sequence and
 * incarnation numbers order what is younger). A signed payload is still read through an {@link
 * ObjectInputFilter} that admits only ScaleCube's and the JDK's collection and value classes, with
 * bounded depth, references and bytes.
 */
public final class SignedSwimCodec implements MessageCodec {

  /** Why a frame was refused. */
  public enum Refusal {
    /** Shorter than the header, or not this version. */
    MALFORMED,
    /** The MAC matches no key of the ring. */
    FORGED,
    /** Signed, but sent too long ago or too far in the future. */
    STALE,
    /** Signed, but its payload holds a class or a shape the filter refuses. */
    FILTERED;

    /** The name in /status and metrics. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The frame format's version. */
  public static final byte VERSION = 1;

  /** MAC bytes carried per frame. */
  public static final int MAC_BYTES = 16;

  /** Bytes before the payload. */
  public static final int HEADER_BYTES = 1 + 8 + MAC_BYTES;

  /** How far a frame's time may be from this PoP's clock, either way. */
  public static final long DEFAULT_MAX_AGE_MS = 30_000;

  /** The largest frame read: also the transport's frame limit. */
  public static final int MAX_FRAME_BYTES = 256 * 1024;

  private static final ObjectInputFilter FILTER =
      ObjectInputFilter.Config.createFilter(
          "maxdepth=16;maxrefs=20000;maxbytes="
              + MAX_FRAME_BYTES
              + ";maxarray=65536;"
              + "io.scalecube.**;java.lang.*;java.util.*;java.net.InetSocketAddress;"
              + "java.net.InetAddress;java.net.Inet4Address;java.net.Inet6Address;"
              + "java.net.InetAddress$*;java.net.Inet6Address$*;!*");

  private final KeyRing keys;
  private final LongSupplier wallMillis;
  private final long maxAgeMs;
  private final Map<Refusal, LongAdder> refused = new EnumMap<>(Refusal.class);
  private final LongAdder accepted = new LongAdder();

  /**
   * @param keys the gossip key ring
   * @param wallMillis the wall clock, ms
   * @param maxAgeMs the largest accepted distance between a frame's time and the clock
   */
  public SignedSwimCodec(KeyRing keys, LongSupplier wallMillis, long maxAgeMs) {
    if (maxAgeMs <= 0) {
      throw new IllegalArgumentException("max age must be > 0 ms: " + maxAgeMs);
    }
    this.keys = keys;
    this.wallMillis = wallMillis;
    this.maxAgeMs = maxAgeMs;
    for (Refusal r : Refusal.values()) {
      refused.put(r, new LongAdder());
    }
  }

  /** A codec with the system clock and {@link #DEFAULT_MAX_AGE_MS}. */
  public static SignedSwimCodec of(KeyRing keys) {
    return new SignedSwimCodec(keys, System::currentTimeMillis, DEFAULT_MAX_AGE_MS);
  }

  @Override
  public void serialize(Message message, OutputStream stream) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream(256);
    body.write(new byte[HEADER_BYTES]);
    try (ObjectOutputStream out = new ObjectOutputStream(body)) {
      message.writeExternal(out);
    }
    byte[] frame = body.toByteArray();
    frame[0] = VERSION;
    ByteBuffer.wrap(frame, 1, 8).putLong(wallMillis.getAsLong());
    byte[] mac = keys.sign(signed(frame));
    System.arraycopy(mac, 0, frame, 9, MAC_BYTES);
    stream.write(frame);
  }

  /** Version, time and payload: the bytes the MAC covers. */
  private static byte[] signed(byte[] frame) {
    byte[] s = new byte[frame.length - MAC_BYTES];
    System.arraycopy(frame, 0, s, 0, 9);
    System.arraycopy(frame, HEADER_BYTES, s, 9, frame.length - HEADER_BYTES);
    return s;
  }

  @Override
  public Message deserialize(InputStream stream) throws IOException, ClassNotFoundException {
    byte[] frame = stream.readNBytes(MAX_FRAME_BYTES + 1);
    Optional<Refusal> refusal = check(frame);
    if (refusal.isPresent()) {
      throw new IOException("SWIM frame refused: " + refusal.get().label());
    }
    Message message = new Message();
    try (ObjectInputStream in =
        new ObjectInputStream(
            new ByteArrayInputStream(frame, HEADER_BYTES, frame.length - HEADER_BYTES))) {
      in.setObjectInputFilter(FILTER);
      message.readExternal(in);
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      throw refuse(Refusal.FILTERED);
    }
    accepted.increment();
    return message;
  }

  /**
   * Checks a frame's shape, signature and time without deserialising anything, and counts a
   * refusal. The SWIM listener calls this on every frame as it arrives, so that a forged frame is
   * dropped by a counter increment rather than thrown through the transport.
   *
   * @return the reason the frame is refused, or empty when it may be deserialised
   */
  public Optional<Refusal> check(byte[] frame) {
    Refusal r = verdict(frame);
    if (r != null) {
      refused.get(r).increment();
    }
    return Optional.ofNullable(r);
  }

  private Refusal verdict(byte[] frame) {
    if (frame.length < HEADER_BYTES + 1 || frame.length > MAX_FRAME_BYTES || frame[0] != VERSION) {
      return Refusal.MALFORMED;
    }
    byte[] mac = new byte[MAC_BYTES];
    System.arraycopy(frame, 9, mac, 0, MAC_BYTES);
    if (!keys.verify(signed(frame), mac)) {
      return Refusal.FORGED;
    }
    long sentAt = ByteBuffer.wrap(frame, 1, 8).getLong();
    if (Math.abs(wallMillis.getAsLong() - sentAt) > maxAgeMs) {
      return Refusal.STALE;
    }
    return null;
  }

  private IOException refuse(Refusal reason) {
    refused.get(reason).increment();
    return new IOException("SWIM frame refused: " + reason.label());
  }

  /** Frames refused for {@code reason} since start. */
  public long refused(Refusal reason) {
    return refused.get(reason).sum();
  }

  /** Frames accepted since start. */
  public long accepted() {
    return accepted.sum();
  }
}
