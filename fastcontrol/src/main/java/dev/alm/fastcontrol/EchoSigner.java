package dev.alm.fastcontrol;

import dev.alm.io.KeyRing;
import java.util.Arrays;

/**
 * Signs the price echo a proxy returns with a counted signed probe (docs/fastcontrol.md, "Price
 * echo"): the probe's origin, expiry and nonce, this proxy's id and its price mu_j, under the
 * fleet's current probe key. Thread-safe.
 */
public final class EchoSigner {

  private final KeyRing keys;
  private final String zone;
  private final String proxy;

  /**
   * @param keys the fleet's probe keys; the current one signs
   * @param zone the CDN zone
   * @param proxy this proxy's PoP id
   */
  public EchoSigner(KeyRing keys, String zone, String proxy) {
    if (keys == null) {
      throw new IllegalArgumentException("an echo signer needs keys");
    }
    if (!ProbeName.isValidId(proxy)) {
      throw new IllegalArgumentException("proxy id " + proxy + " is no PoP id");
    }
    this.keys = keys;
    this.zone = ProbeSigner.normalZone(zone);
    this.proxy = proxy;
  }

  /**
   * The echo of {@code probe} at {@code price}, without the proxy's load: a version 2 echo.
   *
   * @see #echo(ProbeTarget.Signed, double, double, double)
   */
  public String echo(ProbeTarget.Signed probe, double price) {
    return echo(probe, price, Double.NaN, Double.NaN);
  }

  /**
   * The echo of {@code probe} at {@code price} with the proxy's load S_j / T_j and capacity T_j
   * (requests/s), relative to the zone, or null when there is none to give: the price is not a
   * finite number &ge; 0, or the whole name would exceed {@value ProbeSigner#MAX_NAME_CHARS}
   * characters. Without a finite load &ge; 0 and a finite capacity &gt; 0 the echo carries the
   * price alone (version 2).
   */
  public String echo(ProbeTarget.Signed probe, double price, double load, double capacity) {
    if (!(price >= 0) || !Double.isFinite(price)) {
      return null;
    }
    boolean loaded =
        load >= 0 && Double.isFinite(load) && capacity > 0 && Double.isFinite(capacity);
    String origin = probe.name().origin();
    int label = loaded ? PriceEcho.LABEL_CHARS : SignedLabel.LABEL_CHARS;
    int length = label + proxy.length() + origin.length() + zone.length() + 8;
    if (length > ProbeSigner.MAX_NAME_CHARS) {
      return null;
    }
    ProbeToken t = probe.token();
    float r = loaded ? PriceEcho.loadMillis(load) / 1000f : Float.NaN;
    float c = loaded ? (float) capacity : Float.NaN;
    int macBytes = loaded ? PriceEcho.MAC_BYTES : SignedLabel.MAC_BYTES;
    PriceEcho fields =
        new PriceEcho(
            proxy, origin, t.expirySeconds(), t.nonce(), (float) price, r, c, new byte[macBytes]);
    byte[] mac = Arrays.copyOf(keys.sign(fields.macInput(zone)), macBytes);
    return new PriceEcho(proxy, origin, t.expirySeconds(), t.nonce(), (float) price, r, c, mac)
        .relativeName();
  }
}
