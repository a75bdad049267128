package dev.alm.fastcontrol;

import java.util.Arrays;

/**
 * The credential a signed probe target carries in its first label (docs/fastcontrol.md, "Signed
 * probe names"), a {@link SignedLabel}: a format version, an expiry, a nonce and a truncated
 * HMAC-SHA256 (RFC 2104 section 5), {@value #BYTES} bytes written as {@value #LABEL_CHARS}
 * characters of lower-case base32 (RFC 4648 section 6, no padding), which survive DNS case changes.
 *
 * <pre>
 *   byte 0       version (2)
 *   bytes 1-4    expiry, seconds since the epoch, unsigned big-endian
 *   bytes 5-12   nonce, 64 random bits
 *   bytes 13-16  weight: the issuing PoP's sensitivity per probe handed out, an IEEE 754 single
 *   bytes 17-29  the first 13 bytes of HMAC-SHA256 over {@link ProbeSigner#macInput}
 * </pre>
 *
 * <p>The weight is kappa_j / h_j of the issuing PoP j (its sensitivity -A_j dx_j/dbeta_j over the
 * probes it hands out per second), so that the weights a proxy i counts per second sum to sigma_i =
 * sum_j C_ji kappa_j (docs/controllers.md, "Measured sensitivity"); 0 when the issuer has none.
 *
 * @param expirySeconds the last second (epoch) the probe may be counted, before the skew allowance
 * @param nonce distinguishes every probe handed out
 * @param weight the issuer's sensitivity per probe, finite and &ge; 0
 * @param mac the truncated MAC, {@value #MAC_BYTES} bytes
 */
public record ProbeToken(long expirySeconds, long nonce, float weight, byte[] mac) {

  /** The format version written in byte 0. */
  public static final int VERSION = 2;

  /** Bytes of the truncated MAC: 104 bits. */
  public static final int MAC_BYTES = SignedLabel.MAC_BYTES;

  /** Bytes of the whole token. */
  public static final int BYTES = SignedLabel.BYTES;

  /** Characters of the token's label (8 base32 characters per 5 bytes). */
  public static final int LABEL_CHARS = SignedLabel.LABEL_CHARS;

  public ProbeToken {
    SignedLabel.checkExpiry(expirySeconds);
    if (!(weight >= 0) || !Float.isFinite(weight)) {
      throw new IllegalArgumentException("weight must be a finite number >= 0, got " + weight);
    }
    SignedLabel.checkMac(mac);
    mac = mac.clone();
  }

  @Override
  public byte[] mac() {
    return mac.clone();
  }

  /** The token as one DNS label of {@value #LABEL_CHARS} lower-case base32 characters. */
  public String label() {
    return SignedLabel.encode(VERSION, expirySeconds, nonce, weight, mac);
  }

  /**
   * Decodes a label written by {@link #label()} (either case).
   *
   * @return the token, or null when the label is not {@value #LABEL_CHARS} base32 characters of
   *     version {@value #VERSION}
   */
  public static ProbeToken parse(CharSequence label) {
    SignedLabel.Fields f = SignedLabel.decode(label, VERSION);
    if (f == null || !(f.value() >= 0) || !Float.isFinite(f.value())) {
      return null;
    }
    return new ProbeToken(f.expirySeconds(), f.nonce(), f.value(), f.mac());
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
        && Float.compare(t.weight, weight) == 0
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
