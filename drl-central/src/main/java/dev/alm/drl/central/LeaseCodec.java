package dev.alm.drl.central;

import dev.alm.io.KeyRing;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The token server's datagram format (article 002 section 4.2: Sentinel's TokenServer speaks a
 * custom format over Netty), authenticated with HMAC-SHA256 (RFC 2104, truncated to 16 bytes) under
 * a {@link KeyRing}: the current key signs, the current or the previous one verifies. Big-endian. A
 * lease request asks for a batch of a customer's global limit:
 *
 * <pre>
 * request (client to server)            grant (server to client)
 * off size field                        off size field
 *  0   2   magic 0xD71B                  0   2   magic 0xD71B
 *  2   1   version 1                     2   1   version 1
 *  3   1   type 1                        3   1   type 2
 *  4   8   client id (random per start)  4   8   client id (echoed)
 * 12   8   sequence number, from 1      12   8   sequence number (echoed)
 * 20   8   sent at, Unix ms             20   8   tokens granted (0 when empty)
 * 28   8   tokens wanted, &ge; 1          28   4   lease, ms
 * 36   1   customer name length n       32   4   retry after, ms (when empty)
 * 37   n   customer name, UTF-8         36   1   status: 0 granted, 1 unknown customer
 *                                       37   1   customer name length n
 *                                       38   n   customer name, UTF-8
 * </pre>
 *
 * A key request asks whether one request of a key is under the customer's per-key limit
 * (docs/ratelimit/keys-central.md); the key travels as its 64-bit hash, never in clear:
 *
 * <pre>
 * key request (client to server)        key answer (server to client)
 * off size field                        off size field
 *  0   2   magic 0xD71B                  0   2   magic 0xD71B
 *  2   1   version 1                     2   1   version 1
 *  3   1   type 3                        3   1   type 4
 *  4   8   client id (random per start)  4   8   client id (echoed)
 * 12   8   sequence number, from 1      12   8   sequence number (echoed)
 * 20   8   sent at, Unix ms             20   8   key hash (echoed)
 * 28   8   key hash                     28   4   retry after, ms: to the window's end when
 * 36   1   customer name length n                refused, else 0
 * 37   n   customer name, UTF-8         32   1   status: 0 admitted, 1 refused, 2 unknown
 *                                                customer (no key limit), 3 admitted
 *                                                uncounted (the server's key table is full)
 * </pre>
 *
 * then, after every message, 16 bytes of HMAC-SHA256 over the bytes before them. Both requests
 * share the replay window of their client id and the clock-skew rule. A request for a 4-letter
 * customer is 57 bytes of UDP payload, a grant 58, a key request 57, a key answer 49.
 */
public final class LeaseCodec {

  /** Magic number of the format. */
  public static final short MAGIC = (short) 0xD71B;

  /** MAC bytes at the end. */
  public static final int MAC_BYTES = 16;

  /** Longest customer name on the wire, in UTF-8 bytes. */
  public static final int MAX_NAME_BYTES = 64;

  static final byte VERSION = 1;
  static final byte TYPE_REQUEST = 1;
  static final byte TYPE_GRANT = 2;
  static final byte TYPE_KEY_REQUEST = 3;
  static final byte TYPE_KEY_ANSWER = 4;
  private static final int REQUEST_HEADER = 37;
  private static final int GRANT_HEADER = 38;
  private static final int KEY_ANSWER_HEADER = 33;
  private static final KeyStatus[] KEY_STATUSES = KeyStatus.values();

  private final KeyRing keys;

  public LeaseCodec(KeyRing keys) {
    this.keys = keys;
  }

  /** A client's request for a batch of tokens. */
  public record Request(long client, long seq, long sentMillis, long want, String customer) {}

  /** The server's answer to one request. */
  public record Grant(
      long client,
      long seq,
      long granted,
      int leaseMillis,
      int retryAfterMillis,
      boolean unknownCustomer,
      String customer) {}

  /** A client's question: may one request of key {@code keyHash} of the customer go? */
  public record KeyRequest(long client, long seq, long sentMillis, long keyHash, String customer) {}

  /** The server's answer to a key request, as its wire code. */
  public enum KeyStatus {
    /** Under the key's limit in its window: admitted and counted. */
    ADMITTED,
    /** The key reached its limit in the window: refused until the window's end. */
    REFUSED,
    /** The server holds no key limit for the customer. */
    UNKNOWN_CUSTOMER,
    /** A new key while the server's key table is full of live keys: admitted, not counted. */
    UNCOUNTED
  }

  /** The server's answer to one key request. */
  public record KeyAnswer(
      long client, long seq, long keyHash, int retryAfterMillis, KeyStatus status) {}

  /** What decoding gave: a message, or the reason it was refused. */
  public sealed interface Decoded<T> {}

  /** An authenticated, well-formed message. */
  public record Valid<T>(T message) implements Decoded<T> {}

  /** A refused message. */
  public record Refused<T>(LeaseRefusal reason) implements Decoded<T> {}

  /** Encodes and signs a request. */
  public byte[] encode(Request r) {
    byte[] name = name(r.customer());
    byte[] out = new byte[REQUEST_HEADER + name.length + MAC_BYTES];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(MAGIC).put(VERSION).put(TYPE_REQUEST);
    b.putLong(r.client()).putLong(r.seq()).putLong(r.sentMillis()).putLong(r.want());
    b.put((byte) name.length).put(name);
    return sign(out);
  }

  /** Encodes and signs a grant. */
  public byte[] encode(Grant g) {
    byte[] name = name(g.customer());
    byte[] out = new byte[GRANT_HEADER + name.length + MAC_BYTES];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(MAGIC).put(VERSION).put(TYPE_GRANT);
    b.putLong(g.client()).putLong(g.seq()).putLong(g.granted());
    b.putInt(g.leaseMillis()).putInt(g.retryAfterMillis());
    b.put((byte) (g.unknownCustomer() ? 1 : 0));
    b.put((byte) name.length).put(name);
    return sign(out);
  }

  /** Encodes and signs a key request. */
  public byte[] encode(KeyRequest r) {
    byte[] name = name(r.customer());
    byte[] out = new byte[REQUEST_HEADER + name.length + MAC_BYTES];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(MAGIC).put(VERSION).put(TYPE_KEY_REQUEST);
    b.putLong(r.client()).putLong(r.seq()).putLong(r.sentMillis()).putLong(r.keyHash());
    b.put((byte) name.length).put(name);
    return sign(out);
  }

  /** Encodes and signs a key answer. */
  public byte[] encode(KeyAnswer a) {
    if (a.retryAfterMillis() < 0) {
      throw new IllegalArgumentException("retry after must be >= 0: " + a.retryAfterMillis());
    }
    byte[] out = new byte[KEY_ANSWER_HEADER + MAC_BYTES];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(MAGIC).put(VERSION).put(TYPE_KEY_ANSWER);
    b.putLong(a.client()).putLong(a.seq()).putLong(a.keyHash()).putInt(a.retryAfterMillis());
    b.put((byte) a.status().ordinal());
    return sign(out);
  }

  /** Parses and authenticates a request. */
  public Decoded<Request> decodeRequest(byte[] data, int off, int len) {
    if (!requestShape(data, off, len)) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    if (!authentic(data, off, len)) {
      return new Refused<>(LeaseRefusal.BAD_MAC);
    }
    return readRequest(data, off, len);
  }

  /**
   * Whether {@code data[off..off+len)} has a request's shape: length, magic, version, type and name
   * length agree. Reads no more than the header and allocates nothing, so a receiver can drop junk
   * before it spends a MAC on it.
   */
  static boolean requestShape(byte[] data, int off, int len) {
    return shape(data, off, len, TYPE_REQUEST);
  }

  /** Whether {@code data[off..off+len)} has a key request's shape; as {@link #requestShape}. */
  static boolean keyRequestShape(byte[] data, int off, int len) {
    return shape(data, off, len, TYPE_KEY_REQUEST);
  }

  /**
   * Lease and key requests have the same layout: only their type and one field's meaning differ.
   */
  private static boolean shape(byte[] data, int off, int len, byte type) {
    if (len < REQUEST_HEADER + 1 + MAC_BYTES || len > REQUEST_HEADER + MAX_NAME_BYTES + MAC_BYTES) {
      return false;
    }
    if (getShort(data, off) != MAGIC || data[off + 2] != VERSION || data[off + 3] != type) {
      return false;
    }
    int n = data[off + REQUEST_HEADER - 1] & 0xff;
    return n >= 1 && len == REQUEST_HEADER + n + MAC_BYTES;
  }

  /** The client id of a request of the right shape (not yet authenticated). */
  static long requestClient(byte[] data, int off) {
    return getLong(data, off + 4);
  }

  /** Whether the MAC of a message of the right shape verifies; allocates nothing. */
  boolean authentic(byte[] data, int off, int len) {
    int body = len - MAC_BYTES;
    return keys.verify(data, off, body, data, off + body, MAC_BYTES);
  }

  /** Reads an authentic request of the right shape; refuses field values out of range. */
  static Decoded<Request> readRequest(byte[] data, int off, int len) {
    long client = getLong(data, off + 4);
    long seq = getLong(data, off + 12);
    long sent = getLong(data, off + 20);
    long want = getLong(data, off + 28);
    int n = data[off + REQUEST_HEADER - 1] & 0xff;
    if (seq < 1 || want < 1) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    String customer = new String(data, off + REQUEST_HEADER, n, StandardCharsets.UTF_8);
    return new Valid<>(new Request(client, seq, sent, want, customer));
  }

  /** Parses and authenticates a key request. */
  public Decoded<KeyRequest> decodeKeyRequest(byte[] data, int off, int len) {
    if (!keyRequestShape(data, off, len)) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    if (!authentic(data, off, len)) {
      return new Refused<>(LeaseRefusal.BAD_MAC);
    }
    return readKeyRequest(data, off, len);
  }

  /** Reads an authentic key request of the right shape; any hash is a key, the sequence is not. */
  static Decoded<KeyRequest> readKeyRequest(byte[] data, int off, int len) {
    long client = getLong(data, off + 4);
    long seq = getLong(data, off + 12);
    long sent = getLong(data, off + 20);
    long hash = getLong(data, off + 28);
    int n = data[off + REQUEST_HEADER - 1] & 0xff;
    if (seq < 1) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    String customer = new String(data, off + REQUEST_HEADER, n, StandardCharsets.UTF_8);
    return new Valid<>(new KeyRequest(client, seq, sent, hash, customer));
  }

  /** Parses and authenticates a key answer. */
  public Decoded<KeyAnswer> decodeKeyAnswer(byte[] data, int off, int len) {
    if (len != KEY_ANSWER_HEADER + MAC_BYTES
        || getShort(data, off) != MAGIC
        || data[off + 2] != VERSION
        || data[off + 3] != TYPE_KEY_ANSWER) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    if (!authentic(data, off, len)) {
      return new Refused<>(LeaseRefusal.BAD_MAC);
    }
    ByteBuffer b = ByteBuffer.wrap(data, off + 4, KEY_ANSWER_HEADER - 4);
    long client = b.getLong();
    long seq = b.getLong();
    long hash = b.getLong();
    int retry = b.getInt();
    int status = b.get() & 0xff;
    if (seq < 1 || retry < 0 || status >= KEY_STATUSES.length) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    return new Valid<>(new KeyAnswer(client, seq, hash, retry, KEY_STATUSES[status]));
  }

  private static short getShort(byte[] b, int i) {
    return (short) (((b[i] & 0xff) << 8) | (b[i + 1] & 0xff));
  }

  private static long getLong(byte[] b, int i) {
    long v = 0;
    for (int k = 0; k < 8; k++) {
      v = (v << 8) | (b[i + k] & 0xff);
    }
    return v;
  }

  /** Parses and authenticates a grant. */
  public Decoded<Grant> decodeGrant(byte[] data, int off, int len) {
    if (len < GRANT_HEADER + 1 + MAC_BYTES || len > GRANT_HEADER + MAX_NAME_BYTES + MAC_BYTES) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    ByteBuffer b = ByteBuffer.wrap(data, off, len);
    if (b.getShort() != MAGIC || b.get() != VERSION || b.get() != TYPE_GRANT) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    long client = b.getLong();
    long seq = b.getLong();
    long granted = b.getLong();
    int lease = b.getInt();
    int retry = b.getInt();
    byte status = b.get();
    int n = b.get() & 0xff;
    if (n < 1 || len != GRANT_HEADER + n + MAC_BYTES) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    if (!authentic(data, off, len)) {
      return new Refused<>(LeaseRefusal.BAD_MAC);
    }
    if (granted < 0 || lease < 0 || retry < 0 || (status != 0 && status != 1)) {
      return new Refused<>(LeaseRefusal.MALFORMED);
    }
    String customer = new String(data, off + GRANT_HEADER, n, StandardCharsets.UTF_8);
    return new Valid<>(new Grant(client, seq, granted, lease, retry, status == 1, customer));
  }

  private static byte[] name(String customer) {
    byte[] name = customer.getBytes(StandardCharsets.UTF_8);
    if (name.length < 1 || name.length > MAX_NAME_BYTES) {
      throw new IllegalArgumentException(
          "customer name must be 1 to " + MAX_NAME_BYTES + " UTF-8 bytes: " + customer);
    }
    return name;
  }

  private byte[] sign(byte[] out) {
    int body = out.length - MAC_BYTES;
    byte[] mac = keys.sign(out, 0, body);
    System.arraycopy(mac, 0, out, body, MAC_BYTES);
    return out;
  }
}
