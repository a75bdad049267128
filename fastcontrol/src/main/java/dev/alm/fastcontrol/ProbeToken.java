package dev.alm.fastcontrol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The credential a signed probe target carries in its first label (docs/fastcontrol.md, "Signed
 * probe names"), a {@link SignedLabel}: a format version, an expiry, a nonce, the issuer's weight
 * and hand-out rate, and a truncated HMAC-SHA256 (RFC 2104 section 5), {@value #BYTES} bytes
 * written as {@value #LABEL_CHARS} characters of lower-case base32 (RFC 4648 section 6, no
 * padding), which survive DNS case changes.
 *
 * <pre>
 *   byte 0       version (3)
 *   bytes 1-4    expiry, seconds since the epoch, unsigned big-endian
 *   bytes 5-12   nonce, 64 random bits
 *   bytes 13-16  weight: the issuing PoP's sensitivity per probe handed out, an IEEE 754 single
 *   bytes 17-20  rate: the probes the issuing PoP hands out per second, an IEEE 754 single
 *   bytes 21-34  the first 14 bytes of HMAC-SHA256 over {@link #macInput}
 * </pre>
 *
 * <p>The weight is kappa_j / h_j of the issuing PoP j (its sensitivity -A_j dx_j/dbeta_j over the
 * probes it hands out per second, h_j, the rate), so that the weights a proxy i counts per second
 * sum to sigma_i = sum_j C_ji kappa_j; with the rate the proxy also measures C_ji itself, and so
 * the curvature H_ii = sum_j C_ji^2 kappa_j (docs/controllers/live-loop.md, "Measured curvature");
 * 0 when the issuer has none. Version 2 tokens (30 bytes, 48 characters, no rate, a 13-byte MAC,
 * the rate read as NaN) are still read, so a fleet can move to version 3 one PoP at a time.
 *
 * @param expirySeconds the last second (epoch) the probe may be counted, before the skew allowance
 * @param nonce distinguishes every probe handed out
 * @param weight the issuer's sensitivity per probe, finite and &ge; 0
 * @param rate the issuer's probes handed out per second, finite and &ge; 0; NaN in a version 2
 *     token
 * @param mac the truncated MAC, {@value #MAC_BYTES} bytes ({@value SignedLabel#MAC_BYTES} in
 *     version 2)
 */
public record ProbeToken(long expirySeconds, long nonce, float weight, float rate, byte[] mac) {

  /** The format version written in byte 0. */
  public static final int VERSION = 3;

  /** The format without the rate, still read. */
  public static final int VERSION_2 = 2;

  /** Bytes of the truncated MAC: 112 bits. */
  public static final int MAC_BYTES = 14;

  /** Bytes after the weight: the rate. */
  static final int EXTRA_BYTES = 4;

  /** Bytes of the whole token. */
  public static final int BYTES = 17 + EXTRA_BYTES + MAC_BYTES;

  /** Characters of the token's label (8 base32 characters per 5 bytes). */
  public static final int LABEL_CHARS = BYTES * 8 / 5;

  private static final byte[] DOMAIN_2 = "alm-probe-2".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DOMAIN = "alm-probe-3".getBytes(StandardCharsets.US_ASCII);

  public ProbeToken {
    SignedLabel.checkExpiry(expirySeconds);
    if (!(weight >= 0) || !Float.isFinite(weight)) {
      throw new IllegalArgumentException("weight must be a finite number >= 0, got " + weight);
    }
    if (!Float.isNaN(rate) && !(rate >= 0 && Float.isFinite(rate))) {
      throw new IllegalArgumentException("rate must be a finite number >= 0, got " + rate);
    }
    SignedLabel.checkMac(mac, Float.isNaN(rate) ? SignedLabel.MAC_BYTES : MAC_BYTES);
    mac = mac.clone();
  }

  /** A version 2 token: the weight without the rate. */
  public ProbeToken(long expirySeconds, long nonce, float weight, byte[] mac) {
    this(expirySeconds, nonce, weight, Float.NaN, mac);
  }

  /** 3, or 2 for a token without a rate. */
  public int version() {
    return Float.isNaN(rate) ? VERSION_2 : VERSION;
  }

  @Override
  public byte[] mac() {
    return mac.clone();
  }

  /** The token as one DNS label of lower-case base32 characters. */
  public String label() {
    return version() == VERSION_2
        ? SignedLabel.encode(VERSION_2, expirySeconds, nonce, weight, mac)
        : SignedLabel.encode(VERSION, expirySeconds, nonce, weight, extra(rate), mac);
  }

  private static byte[] extra(float rate) {
    byte[] b = new byte[EXTRA_BYTES];
    Base32.put(b, 0, Float.floatToRawIntBits(rate) & 0xFFFF_FFFFL, 4);
    return b;
  }

  /**
   * Decodes a label written by {@link #label()} (either case).
   *
   * @return the token, or null when the label is not a version 3 or version 2 token, or its weight
   *     or rate is not a finite number &ge; 0
   */
  public static ProbeToken parse(CharSequence label) {
    SignedLabel.Fields f = SignedLabel.decode(label, VERSION, EXTRA_BYTES, MAC_BYTES);
    if (f != null) {
      float rate = Float.intBitsToFloat((int) Base32.get(f.extra(), 0, 4));
      return valid(f.value()) && valid(rate)
          ? new ProbeToken(f.expirySeconds(), f.nonce(), f.value(), rate, f.mac())
          : null;
    }
    f = SignedLabel.decode(label, VERSION_2);
    return f == null || !valid(f.value())
        ? null
        : new ProbeToken(f.expirySeconds(), f.nonce(), f.value(), f.mac());
  }

  private static boolean valid(float v) {
    return v >= 0 && Float.isFinite(v);
  }

  /**
   * The bytes the MAC covers ({@link SignedLabel#macInput}): the tag {@code alm-probe-3} (version
   * 2: {@code alm-probe-2}), the zone, category and origin (lower case, each ended by a NUL), the
   * expiry (4 bytes), the nonce (8), the weight (4, IEEE 754) and, in version 3, the rate (4),
   * big-endian.
   */
  public byte[] macInput(String zone, String category, String origin) {
    return version() == VERSION_2
        ? SignedLabel.macInput(DOMAIN_2, zone, category, origin, expirySeconds, nonce, weight)
        : SignedLabel.macInput(
            DOMAIN, zone, category, origin, expirySeconds, nonce, weight, extra(rate));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProbeToken t
        && t.expirySeconds == expirySeconds
        && t.nonce == nonce
        && Float.compare(t.weight, weight) == 0
        && Float.compare(t.rate, rate) == 0
        && Arrays.equals(t.mac, mac);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(expirySeconds) * 31 + Long.hashCode(nonce);
  }

  @Override
  public String toString() {
    return "ProbeToken[v"
        + version()
        + ", expiry="
        + expirySeconds
        + ", nonce="
        + Long.toHexString(nonce)
        + "]";
  }
}
