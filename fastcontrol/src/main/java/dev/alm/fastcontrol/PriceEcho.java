package dev.alm.fastcontrol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The price a proxy hands back with a counted probe, for the user to carry to the DNS that handed
 * the probe out (docs/fastcontrol.md, "Price echo"). A user of PoP i fetches its probe from L1, so
 * the proxy j that answers it is drawn from row i of C; the proxy writes its price mu_j into the
 * answer, the user resolves the echo name, and the query reaches PoP i's DNS, because the user's
 * resolver is in PoP i's DNS catchment. The mean of the prices echoed to PoP i is sum_j C_ij mu_j =
 * beta_i (paper 004 eq. 14), whatever C is: no plan, no division by C_ij, and no need for any of
 * PoP i's users to reach proxy i.
 *
 * <p>The echo name is {@code <label>.<proxy>.<origin>.echo.<zone>}; the label is a {@link
 * SignedLabel} of {@value #BYTES} bytes in {@value #LABEL_CHARS} characters of lower-case base32:
 *
 * <pre>
 *   byte 0       version (2)
 *   bytes 1-4    expiry, seconds since the epoch: the probe's
 *   bytes 5-12   nonce: the probe's, so each probe handed out is echoed at most once
 *   bytes 13-16  the price, an IEEE 754 single, big-endian
 *   bytes 17-29  the first 13 bytes of HMAC-SHA256 over {@link #macInput}
 * </pre>
 *
 * @param proxy the PoP whose proxy answered the probe (j)
 * @param origin the PoP whose DNS handed the probe out (i)
 * @param expirySeconds the probe's expiry
 * @param nonce the probe's nonce
 * @param price mu_j when the proxy answered
 * @param mac the truncated MAC, {@value #MAC_BYTES} bytes
 */
public record PriceEcho(
    String proxy, String origin, long expirySeconds, long nonce, float price, byte[] mac) {

  /** The label under the zone that echo names live under. */
  public static final String ECHO_LABEL = "echo";

  /** The format version written in byte 0 (probe tokens are version 1). */
  public static final int VERSION = 2;

  /** Bytes of the truncated MAC: 104 bits. */
  public static final int MAC_BYTES = SignedLabel.MAC_BYTES;

  /** Bytes of the whole label. */
  public static final int BYTES = SignedLabel.BYTES;

  /** Characters of the label. */
  public static final int LABEL_CHARS = SignedLabel.LABEL_CHARS;

  private static final byte[] DOMAIN = "alm-echo-1".getBytes(StandardCharsets.US_ASCII);

  public PriceEcho {
    if (!ProbeName.isValidId(proxy) || !ProbeName.isValidId(origin)) {
      throw new IllegalArgumentException("proxy and origin must be PoP ids");
    }
    SignedLabel.checkExpiry(expirySeconds);
    SignedLabel.checkMac(mac);
    mac = mac.clone();
  }

  @Override
  public byte[] mac() {
    return mac.clone();
  }

  /** The name relative to the zone: {@code <label>.<proxy>.<origin>.echo}. */
  public String relativeName() {
    return SignedLabel.encode(VERSION, expirySeconds, nonce, price, mac)
        + "."
        + proxy
        + "."
        + origin
        + "."
        + ECHO_LABEL;
  }

  /**
   * Parses the labels in front of {@code echo.<zone>}: {@code [label, proxy, origin]}.
   *
   * @return the echo (its MAC not yet checked), or null when the labels are no echo
   */
  public static PriceEcho parse(String[] labels) {
    if (labels.length != 3 || !ProbeName.isValidId(labels[1]) || !ProbeName.isValidId(labels[2])) {
      return null;
    }
    SignedLabel.Fields f = SignedLabel.decode(labels[0], VERSION);
    if (f == null) {
      return null;
    }
    return new PriceEcho(labels[1], labels[2], f.expirySeconds(), f.nonce(), f.value(), f.mac());
  }

  /**
   * The bytes the MAC covers ({@link SignedLabel#macInput}): the tag {@code alm-echo-1}, the zone,
   * proxy and origin (lower case, each ended by a NUL), then expiry (4 bytes), nonce (8) and the
   * price's bits (4), big-endian.
   */
  static byte[] macInput(
      String zone, String proxy, String origin, long expiry, long nonce, float price) {
    return SignedLabel.macInput(DOMAIN, zone, proxy, origin, expiry, nonce, price);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PriceEcho e
        && e.proxy.equals(proxy)
        && e.origin.equals(origin)
        && e.expirySeconds == expirySeconds
        && e.nonce == nonce
        && Float.floatToRawIntBits(e.price) == Float.floatToRawIntBits(price)
        && Arrays.equals(e.mac, mac);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(nonce) * 31 + origin.hashCode();
  }

  @Override
  public String toString() {
    return "PriceEcho[" + proxy + " -> " + origin + ", price=" + price + "]";
  }
}
