package dev.alm.fastcontrol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The one DNS label that carries a signed FastControl credential, as probe tokens ({@link
 * ProbeToken}) and price echoes ({@link PriceEcho}) write it: {@value #BYTES} bytes in {@value
 * #LABEL_CHARS} characters of lower-case base32 (RFC 4648 section 6, no padding), which survive DNS
 * case changes.
 *
 * <pre>
 *   byte 0       version
 *   bytes 1-4    expiry, seconds since the epoch, unsigned big-endian
 *   bytes 5-12   nonce, big-endian
 *   bytes 13-16  a value (a probe's weight, an echo's price), an IEEE 754 single, big-endian
 *   bytes 17-29  the first 13 bytes of HMAC-SHA256 (RFC 2104 section 5) over the format's input
 * </pre>
 *
 * <p>The MAC's input ({@link #macInput}) has one layout for both formats too: the format's domain
 * tag, the names the credential is bound to, and the label's expiry, nonce and value.
 *
 * <p>A format may carry extra bytes after the value and a shorter MAC, keeping the label within a
 * DNS label's 63 characters: price echoes of version 3 ({@link PriceEcho}) carry 6 more bytes and a
 * 12-byte MAC, probe tokens of version 3 ({@link ProbeToken}) 4 more bytes and a 14-byte MAC, 35
 * bytes in 56 characters either. The extra bytes follow the value in the MAC's input.
 */
final class SignedLabel {

  /** Bytes of the truncated MAC: 104 bits. */
  static final int MAC_BYTES = 13;

  /** Bytes of the whole label. */
  static final int BYTES = 1 + 4 + 8 + 4 + MAC_BYTES;

  /** Characters of the label (8 base32 characters per 5 bytes). */
  static final int LABEL_CHARS = BYTES * 8 / 5;

  /** The fields of a decoded label, its MAC not yet checked. */
  record Fields(long expirySeconds, long nonce, float value, byte[] extra, byte[] mac) {}

  private SignedLabel() {}

  /** The label of these fields under format {@code version}. */
  static String encode(int version, long expirySeconds, long nonce, float value, byte[] mac) {
    return encode(version, expirySeconds, nonce, value, new byte[0], mac);
  }

  /**
   * The label of these fields with {@code extra} bytes after the value; the whole must be a
   * multiple of 5 bytes.
   */
  static String encode(
      int version, long expirySeconds, long nonce, float value, byte[] extra, byte[] mac) {
    byte[] b = new byte[17 + extra.length + mac.length];
    b[0] = (byte) version;
    Base32.put(b, 1, expirySeconds, 4);
    Base32.put(b, 5, nonce, 8);
    Base32.put(b, 13, Float.floatToRawIntBits(value) & 0xFFFF_FFFFL, 4);
    System.arraycopy(extra, 0, b, 17, extra.length);
    System.arraycopy(mac, 0, b, 17 + extra.length, mac.length);
    return Base32.encode(b);
  }

  /**
   * Decodes a label written by {@link #encode} (either case).
   *
   * @return the fields, or null when the label is not {@value #LABEL_CHARS} base32 characters of
   *     format {@code version}
   */
  static Fields decode(CharSequence label, int version) {
    return decode(label, version, 0, MAC_BYTES);
  }

  /**
   * Decodes a label of format {@code version} with {@code extraBytes} after the value and a MAC of
   * {@code macBytes}.
   *
   * @return the fields, or null when the label is not of that length, alphabet and version
   */
  static Fields decode(CharSequence label, int version, int extraBytes, int macBytes) {
    int bytes = 17 + extraBytes + macBytes;
    byte[] b = Base32.decode(label, bytes);
    if (b == null || b[0] != version) {
      return null;
    }
    return new Fields(
        Base32.get(b, 1, 4),
        Base32.get(b, 5, 8),
        Float.intBitsToFloat((int) Base32.get(b, 13, 4)),
        Arrays.copyOfRange(b, 17, 17 + extraBytes),
        Arrays.copyOfRange(b, 17 + extraBytes, bytes));
  }

  /**
   * The bytes the MAC covers: {@code domain} (the format's tag), the zone and the two names the
   * credential is bound to (US-ASCII, lower case; each of the four ended by a NUL), then the expiry
   * (4 bytes), the nonce (8), the value's bits (4, IEEE 754), big-endian, and the format's extra
   * bytes (none in the older versions).
   */
  static byte[] macInput(
      byte[] domain,
      String zone,
      String first,
      String second,
      long expiry,
      long nonce,
      float value,
      byte... extra) {
    byte[][] parts = {
      domain,
      zone.getBytes(StandardCharsets.US_ASCII),
      first.getBytes(StandardCharsets.US_ASCII),
      second.getBytes(StandardCharsets.US_ASCII)
    };
    int n = 16 + extra.length;
    for (byte[] p : parts) {
      n += p.length + 1;
    }
    byte[] b = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, b, at, p.length);
      at += p.length + 1;
    }
    Base32.put(b, at, expiry, 4);
    Base32.put(b, at + 4, nonce, 8);
    Base32.put(b, at + 12, Float.floatToRawIntBits(value) & 0xFFFF_FFFFL, 4);
    System.arraycopy(extra, 0, b, at + 16, extra.length);
    return b;
  }

  /**
   * @throws IllegalArgumentException when the expiry does not fit 32 unsigned bits
   */
  static void checkExpiry(long expirySeconds) {
    if (expirySeconds < 0 || expirySeconds > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("expiry must fit 32 unsigned bits, got " + expirySeconds);
    }
  }

  /**
   * @throws IllegalArgumentException when {@code mac} is not {@value #MAC_BYTES} bytes
   */
  static void checkMac(byte[] mac) {
    checkMac(mac, MAC_BYTES);
  }

  /**
   * @throws IllegalArgumentException when {@code mac} is not {@code bytes} bytes
   */
  static void checkMac(byte[] mac, int bytes) {
    if (mac == null || mac.length != bytes) {
      throw new IllegalArgumentException("mac must be " + bytes + " bytes");
    }
  }
}
