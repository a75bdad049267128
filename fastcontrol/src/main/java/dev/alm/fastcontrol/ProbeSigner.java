package dev.alm.fastcontrol;

import dev.alm.io.KeyRing;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * Signs the probe targets a PoP's DNS hands out in answer to beacons (paper 004 section III-F, eq.
 * 19; docs/fastcontrol.md): {@code <token>.<category>.<origin>.fc.<zone>}, the token carrying an
 * expiry, a nonce, the PoP's weight and hand-out rate and HMAC-SHA256 (RFC 2104) under the fleet's
 * current probe key, truncated to {@value ProbeToken#MAC_BYTES} bytes. Thread-safe; time is an
 * argument.
 */
public final class ProbeSigner {

  /** The longest domain name in presentation form without the final dot (RFC 1035 2.3.4). */
  public static final int MAX_NAME_CHARS = 253;

  private final KeyRing keys;
  private final String zone;
  private final long lifetimeMillis;
  private final LongSupplier nonces;
  private volatile float weight;
  private volatile float rate;

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
   * Sets the weight and the rate signed into every probe from now on: this PoP's sensitivity
   * kappa_i per probe it hands out and the probes it hands out per second ({@link ProbeToken}); the
   * PoP's control loop calls it after each interval. A value that is not finite or below 0 is taken
   * as 0 (no weight, no rate).
   */
  public void publishWeight(double w, double probesPerSecond) {
    weight = finite(w);
    rate = finite(probesPerSecond);
  }

  private static float finite(double v) {
    float f = (float) v;
    return f >= 0 && Float.isFinite(f) ? f : 0;
  }

  /** The weight signed into probes now. */
  public float weight() {
    return weight;
  }

  /** The hand-out rate signed into probes now. */
  public float rate() {
    return rate;
  }

  /** The token of one probe handed out at {@code nowMillis} (epoch ms), with the current weight. */
  public ProbeToken token(String category, String origin, long nowMillis) {
    long expiry = Math.floorDiv(nowMillis + lifetimeMillis, 1000);
    long nonce = nonces.getAsLong();
    ProbeToken unsigned =
        new ProbeToken(expiry, nonce, weight, rate, new byte[ProbeToken.MAC_BYTES]);
    byte[] mac = keys.sign(unsigned.macInput(zone, category, origin));
    return new ProbeToken(
        expiry,
        nonce,
        unsigned.weight(),
        unsigned.rate(),
        Arrays.copyOf(mac, ProbeToken.MAC_BYTES));
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

  static String normalZone(String zone) {
    String z = zone.toLowerCase(Locale.ROOT);
    return z.endsWith(".") ? z.substring(0, z.length() - 1) : z;
  }
}
