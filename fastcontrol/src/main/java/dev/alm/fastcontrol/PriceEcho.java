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
 * <p>The echo also carries the proxy's load S_j / T_j and capacity T_j when it answered, for the
 * headroom guard of the PoP's loop (docs/headroom-guard.md).
 *
 * <p>The echo name is {@code <label>.<proxy>.<origin>.echo.<zone>}; the label is a {@link
 * SignedLabel} of {@value #BYTES} bytes in {@value #LABEL_CHARS} characters of lower-case base32:
 *
 * <pre>
 *   byte 0       version (3)
 *   bytes 1-4    expiry, seconds since the epoch: the probe's
 *   bytes 5-12   nonce: the probe's, so each probe handed out is echoed at most once
 *   bytes 13-16  the price, an IEEE 754 single, big-endian
 *   bytes 17-18  the load S_j / T_j in thousandths, unsigned big-endian (65535: that or more)
 *   bytes 19-22  the capacity T_j in requests/s, an IEEE 754 single, big-endian
 *   bytes 23-34  the first 12 bytes of HMAC-SHA256 over {@link #macInput(String)}
 * </pre>
 *
 * <p>Version 2 (30 bytes, 48 characters: no load or capacity, a 13-byte MAC, the tag {@code
 * alm-echo-1}) is still read, so that a proxy of an older build keeps feeding beta_i; its load and
 * capacity are NaN.
 *
 * @param proxy the PoP whose proxy answered the probe (j)
 * @param origin the PoP whose DNS handed the probe out (i)
 * @param expirySeconds the probe's expiry
 * @param nonce the probe's nonce
 * @param price mu_j when the proxy answered
 * @param load S_j / T_j when the proxy answered, in thousandths' steps; NaN in a version 2 echo
 * @param capacity T_j in requests/s; NaN in a version 2 echo
 * @param mac the truncated MAC: {@value #MAC_BYTES} bytes, 13 in a version 2 echo
 */
public record PriceEcho(
    String proxy,
    String origin,
    long expirySeconds,
    long nonce,
    float price,
    float load,
    float capacity,
    byte[] mac) {

  /**
   * The response header of a counted signed probe that carries its price echo, a name for the user
   * to resolve.
   */
  public static final String HEADER = "X-Alm-Echo";

  /** The label under the zone that echo names live under. */
  public static final String ECHO_LABEL = "echo";

  /** The format version written in byte 0. */
  public static final int VERSION = 3;

  /** The format without load and capacity, still read. */
  public static final int VERSION_2 = 2;

  /** Bytes of the truncated MAC: 96 bits. */
  public static final int MAC_BYTES = 12;

  /** Bytes after the price: the load (2) and the capacity (4). */
  static final int EXTRA_BYTES = 6;

  /** Bytes of the whole label. */
  public static final int BYTES = 17 + EXTRA_BYTES + MAC_BYTES;

  /** Characters of the label. */
  public static final int LABEL_CHARS = BYTES * 8 / 5;

  /** The largest load the label holds, in thousandths. */
  static final int MAX_LOAD_MILLIS = 0xFFFF;

  private static final byte[] DOMAIN_2 = "alm-echo-1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DOMAIN = "alm-echo-2".getBytes(StandardCharsets.US_ASCII);

  public PriceEcho {
    if (!ProbeName.isValidId(proxy) || !ProbeName.isValidId(origin)) {
      throw new IllegalArgumentException("proxy and origin must be PoP ids");
    }
    SignedLabel.checkExpiry(expirySeconds);
    if (Float.isNaN(load) != Float.isNaN(capacity)) {
      throw new IllegalArgumentException("an echo carries both load and capacity or neither");
    }
    SignedLabel.checkMac(mac, Float.isNaN(load) ? SignedLabel.MAC_BYTES : MAC_BYTES);
    mac = mac.clone();
  }

  /** A version 2 echo: the price alone. */
  public PriceEcho(
      String proxy, String origin, long expirySeconds, long nonce, float price, byte[] mac) {
    this(proxy, origin, expirySeconds, nonce, price, Float.NaN, Float.NaN, mac);
  }

  /** 3, or 2 for an echo without load and capacity. */
  public int version() {
    return Float.isNaN(load) ? VERSION_2 : VERSION;
  }

  /** The load in the label's thousandths, saturated at {@value #MAX_LOAD_MILLIS}. */
  static int loadMillis(double load) {
    return (int) Math.min(MAX_LOAD_MILLIS, Math.max(0, Math.round(load * 1000)));
  }

  @Override
  public byte[] mac() {
    return mac.clone();
  }

  /** The name relative to the zone: {@code <label>.<proxy>.<origin>.echo}. */
  public String relativeName() {
    String label =
        version() == VERSION_2
            ? SignedLabel.encode(VERSION_2, expirySeconds, nonce, price, mac)
            : SignedLabel.encode(VERSION, expirySeconds, nonce, price, extra(load, capacity), mac);
    return label + "." + proxy + "." + origin + "." + ECHO_LABEL;
  }

  /** The bytes after the price: the load in thousandths and the capacity's bits. */
  private static byte[] extra(float load, float capacity) {
    byte[] b = new byte[EXTRA_BYTES];
    Base32.put(b, 0, loadMillis(load), 2);
    Base32.put(b, 2, Float.floatToRawIntBits(capacity) & 0xFFFF_FFFFL, 4);
    return b;
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
    SignedLabel.Fields f = SignedLabel.decode(labels[0], VERSION, EXTRA_BYTES, MAC_BYTES);
    if (f != null) {
      byte[] x = f.extra();
      float load = Base32.get(x, 0, 2) / 1000f;
      float capacity = Float.intBitsToFloat((int) Base32.get(x, 2, 4));
      return new PriceEcho(
          labels[1], labels[2], f.expirySeconds(), f.nonce(), f.value(), load, capacity, f.mac());
    }
    f = SignedLabel.decode(labels[0], VERSION_2);
    if (f == null) {
      return null;
    }
    return new PriceEcho(labels[1], labels[2], f.expirySeconds(), f.nonce(), f.value(), f.mac());
  }

  /**
   * The bytes this echo's MAC covers ({@link SignedLabel#macInput}): the tag ({@code alm-echo-2},
   * version 2: {@code alm-echo-1}), the zone, proxy and origin (lower case, each ended by a NUL),
   * then expiry (4 bytes), nonce (8), the price's bits (4) and, in version 3, the load and capacity
   * as in the label, big-endian.
   */
  public byte[] macInput(String zone) {
    return version() == VERSION_2
        ? SignedLabel.macInput(DOMAIN_2, zone, proxy, origin, expirySeconds, nonce, price)
        : SignedLabel.macInput(
            DOMAIN, zone, proxy, origin, expirySeconds, nonce, price, extra(load, capacity));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PriceEcho e
        && e.proxy.equals(proxy)
        && e.origin.equals(origin)
        && e.expirySeconds == expirySeconds
        && e.nonce == nonce
        && Float.floatToRawIntBits(e.price) == Float.floatToRawIntBits(price)
        && Float.floatToRawIntBits(e.load) == Float.floatToRawIntBits(load)
        && Float.floatToRawIntBits(e.capacity) == Float.floatToRawIntBits(capacity)
        && Arrays.equals(e.mac, mac);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(nonce) * 31 + origin.hashCode();
  }

  @Override
  public String toString() {
    return "PriceEcho["
        + proxy
        + " -> "
        + origin
        + ", price="
        + price
        + (version() == VERSION_2 ? "" : ", load=" + load + ", capacity=" + capacity)
        + "]";
  }
}
