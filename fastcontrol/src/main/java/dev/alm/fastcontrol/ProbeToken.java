package dev.alm.fastcontrol;

import java.util.Arrays;

/**
 * The credential a signed probe target carries in its first label (docs/fastcontrol.md, "Signed
 * probe names"): a format version, an expiry, a nonce and a truncated HMAC-SHA256 (RFC 2104 section
 * 5), {@value #BYTES} bytes written as {@value #LABEL_CHARS} characters of lower-case base32 (RFC
 * 4648 section 6, no padding), which survive DNS case changes.
 *
 * <pre>
 *   byte 0       version (1)
 *   bytes 1-4    expiry, seconds since the epoch, unsigned big-endian
 *   bytes 5-12   nonce, 64 random bits
 *   bytes 13-24  the first 12 bytes of HMAC-SHA256 over {@link ProbeSigner#macInput}
 * </pre>
 *
 * @param expirySeconds the last second (epoch) the probe may be counted, before the skew allowance
 * @param nonce distinguishes every probe handed out
 * @param mac the truncated MAC, {@value #MAC_BYTES} bytes
 */
public record ProbeToken(long expirySeconds, long nonce, byte[] mac) {

  /** The format version written in byte 0. */
  public static final int VERSION = 1;

  /** Bytes of the truncated MAC: 96 bits. */
  public static final int MAC_BYTES = 12;

  /** Bytes of the whole token. */
  public static final int BYTES = 1 + 4 + 8 + MAC_BYTES;

  /** Characters of the token's label (8 base32 characters per 5 bytes). */
  public static final int LABEL_CHARS = BYTES * 8 / 5;

  public ProbeToken {
    if (expirySeconds < 0 || expirySeconds > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("expiry must fit 32 unsigned bits, got " + expirySeconds);
    }
    if (mac == null || mac.length != MAC_BYTES) {
      throw new IllegalArgumentException("mac must be " + MAC_BYTES + " bytes");
    }
    mac = mac.clone();
  }

  @Override
  public byte[] mac() {
    return mac.clone();
  }

  /** The token as one DNS label of {@value #LABEL_CHARS} lower-case base32 characters. */
  public String label() {
    byte[] b = new byte[BYTES];
    b[0] = VERSION;
    Base32.put(b, 1, expirySeconds, 4);
    Base32.put(b, 5, nonce, 8);
    System.arraycopy(mac, 0, b, 13, MAC_BYTES);
    return Base32.encode(b);
  }

  /**
   * Decodes a label written by {@link #label()} (either case).
   *
   * @return the token, or null when the label is not {@value #LABEL_CHARS} base32 characters of
   *     version {@value #VERSION}
   */
  public static ProbeToken parse(CharSequence label) {
    byte[] b = Base32.decode(label, BYTES);
    if (b == null || b[0] != VERSION) {
      return null;
    }
    return new ProbeToken(
        Base32.get(b, 1, 4), Base32.get(b, 5, 8), Arrays.copyOfRange(b, 13, BYTES));
  }

  /** Whether a label has the shape of a token (length and alphabet), without decoding it. */
  public static boolean looksLikeToken(CharSequence label) {
    return Base32.looksLike(label, LABEL_CHARS);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProbeToken t
        && t.expirySeconds == expirySeconds
        && t.nonce == nonce
        && Arrays.equals(t.mac, mac);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(expirySeconds) * 31 + Long.hashCode(nonce);
  }

  @Override
  public String toString() {
    return "ProbeToken[expiry=" + expirySeconds + ", nonce=" + Long.toHexString(nonce) + "]";
  }
}
