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
  private final HandOutRate handedOut = new HandOutRate();

  /** Hand-outs the window must hold before its rate is signed ({@link HandOutRate#MIN_COUNT}). */
  static final int MIN_RATE_COUNT = HandOutRate.MIN_COUNT;

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
   * as 0 (no weight, no rate). What a probe carries is this PoP's kappa_i (the product of the two)
   * over the rate at which the signer handed probes out in the second before it signs it, and that
   * rate; these two while that second holds fewer than {@value #MIN_RATE_COUNT} probes. The weight
   * is unbiased only for the true rate: one that lags a ramp of the beacons (a start, users that
   * arrive over seconds, a resolver that moves) by a factor r makes every proxy's sigma r and its
   * curvature r^2 times too large, and their price steps that much too short
   * (docs/controllers/live-loop.md, "Measured curvature").
   */
  public void publishWeight(double w, double probesPerSecond) {
    weight = finite(w);
    rate = finite(probesPerSecond);
  }

  private static float finite(double v) {
    return HandOutRate.finite(v);
  }

  /** The weight signed into probes now. */
  public float weight() {
    return weight;
  }

  /** The hand-out rate signed into probes now. */
  public float rate() {
    return rate;
  }

  /**
   * The token of one probe handed out at {@code nowMillis} (epoch ms): kappa_i over the hand-out
   * rate now, and that rate ({@link #publishWeight}).
   */
  public ProbeToken token(String category, String origin, long nowMillis) {
    long expiry = Math.floorDiv(nowMillis + lifetimeMillis, 1000);
    long nonce = nonces.getAsLong();
    HandOutRate.Signed carried = handedOut.handOut(weight, rate, nowMillis * 1_000_000L);
    ProbeToken unsigned =
        new ProbeToken(
            expiry, nonce, carried.weight(), carried.rate(), new byte[ProbeToken.MAC_BYTES]);
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
