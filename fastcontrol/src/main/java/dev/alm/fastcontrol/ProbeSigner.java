package dev.alm.fastcontrol;

import dev.alm.io.KeyRing;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * Signs the probe targets a PoP's DNS hands out in answer to beacons (paper 004 section III-F, eq.
 * 19; docs/fastcontrol.md): {@code <token>.<category>.<origin>.fc.<zone>}, the token carrying an
 * expiry, a nonce and HMAC-SHA256 (RFC 2104) under the fleet's current probe key, truncated to
 * {@value ProbeToken#MAC_BYTES} bytes. Thread-safe; time is an argument.
 */
public final class ProbeSigner {

  /** The longest domain name in presentation form without the final dot (RFC 1035 2.3.4). */
  public static final int MAX_NAME_CHARS = 253;

  private static final byte[] DOMAIN = "alm-probe-2".getBytes(StandardCharsets.US_ASCII);

  private final KeyRing keys;
  private final String zone;
  private final long lifetimeMillis;
  private final LongSupplier nonces;
  private volatile float weight;

  /**
   * @param keys the fleet's probe keys; the current one signs
   * @param zone the CDN zone
   * @param lifetimeMillis how long a probe stays countable, ms
   * @param nonces 64-bit nonces, unique with high probability; must be safe on the calling threads
   */
  public ProbeSigner(KeyRing keys, String zone, long lifetimeMillis, LongSupplier nonces) {
    if (keys == null) {
      throw new IllegalArgumentException("a signer needs keys");
    }
    this.keys = keys;
    this.zone = normalZone(zone);
    this.lifetimeMillis = lifetimeMillis;
    this.nonces = nonces;
  }

  /** A signer drawing nonces from {@link ThreadLocalRandom}. */
  public ProbeSigner(ProbeAuthConfig config, String zone) {
    this(
        config.keys(),
        zone,
        config.lifetime().toMillis(),
        () -> ThreadLocalRandom.current().nextLong());
  }

  /**
   * Sets the weight signed into every probe from now on: this PoP's sensitivity kappa_i per probe
   * it hands out ({@link ProbeToken}); the PoP's control loop calls it after each interval. A value
   * that is not finite or below 0 is taken as 0 (no weight).
   */
  public void publishWeight(double w) {
    weight = (float) w;
    if (!(weight >= 0) || !Float.isFinite(weight)) {
      weight = 0;
    }
  }

  /** The weight signed into probes now. */
  public float weight() {
    return weight;
  }

  /** The token of one probe handed out at {@code nowMillis} (epoch ms), with the current weight. */
  public ProbeToken token(String category, String origin, long nowMillis) {
    long expiry = Math.floorDiv(nowMillis + lifetimeMillis, 1000);
    long nonce = nonces.getAsLong();
    float w = weight;
    byte[] mac = keys.sign(macInput(zone, category, origin, expiry, nonce, w));
    return new ProbeToken(expiry, nonce, w, Arrays.copyOf(mac, ProbeToken.MAC_BYTES));
  }

  /**
   * The probe target relative to the zone, {@code <token>.<category>.<origin>.fc}, or null when the
   * whole name would exceed {@value #MAX_NAME_CHARS} characters (then no probe is handed out).
   */
  public String relativeTarget(String category, String origin, long nowMillis) {
    int length = ProbeToken.LABEL_CHARS + category.length() + origin.length() + zone.length() + 6;
    if (length > MAX_NAME_CHARS) {
      return null;
    }
    return token(category, origin, nowMillis).label()
        + "."
        + category
        + "."
        + origin
        + "."
        + ProbeName.FC_LABEL;
  }

  /**
   * The bytes the MAC covers ({@link SignedLabel#macInput}): the tag {@code alm-probe-2}, the zone,
   * category and origin (lower case, each ended by a NUL), the expiry (4 bytes), the nonce (8
   * bytes) and the weight (4 bytes, IEEE 754), big-endian.
   */
  static byte[] macInput(
      String zone, String category, String origin, long expiry, long nonce, float weight) {
    return SignedLabel.macInput(DOMAIN, zone, category, origin, expiry, nonce, weight);
  }

  static String normalZone(String zone) {
    String z = zone.toLowerCase(Locale.ROOT);
    return z.endsWith(".") ? z.substring(0, z.length() - 1) : z;
  }
}
