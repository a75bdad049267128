package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.alm.io.KeyRing;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;

/** Properties of the signed probe format over generated names, times, nonces and tamperings. */
class ProbeTokenProperties {

  static final String ZONE = "cdn.example";
  static final KeyRing KEYS = KeyRing.ofText("property-key-0123456789");

  @Property
  void aTokenLabelRoundTrips(
      @ForAll @LongRange(min = 0, max = 0xFFFF_FFFFL) long expiry,
      @ForAll long nonce,
      @ForAll @FloatRange(min = 0, max = 1e6f) float weight,
      @ForAll @FloatRange(min = 0, max = 1e6f) float rate,
      @ForAll byte[] seed) {
    byte[] mac = new byte[ProbeToken.MAC_BYTES];
    for (int i = 0; i < mac.length && i < seed.length; i++) {
      mac[i] = seed[i];
    }
    ProbeToken t = new ProbeToken(expiry, nonce, weight, rate, mac);
    assertEquals(ProbeToken.LABEL_CHARS, t.label().length());
    assertEquals(t, ProbeToken.parse(t.label()));
    assertEquals(t, ProbeToken.parse(t.label().toUpperCase()));
    // version 2 (no rate, a 13-byte MAC) is still read
    ProbeToken old = new ProbeToken(expiry, nonce, weight, Arrays.copyOf(mac, 13));
    assertEquals(48, old.label().length());
    assertEquals(old, ProbeToken.parse(old.label()));
  }

  @Property
  void everySignedProbeVerifiesOnceWithinItsLifetime(
      @ForAll @Chars({'a', 'b', 'c', '0', '9', '-'}) @StringLength(min = 1, max = 20) String cat,
      @ForAll @Chars({'x', 'y', '1'}) @StringLength(min = 1, max = 20) String origin,
      @ForAll @LongRange(min = 1_000_000_000_000L, max = 4_000_000_000_000L) long now,
      @ForAll @IntRange(min = 0, max = 14_999) int delay,
      @ForAll long nonce) {
    if (!ProbeName.isValidId(cat) || !ProbeName.isValidId(origin)) {
      return;
    }
    ProbeSigner s = new ProbeSigner(KEYS, ZONE, 10_000, () -> nonce);
    ProbeVerifier v = new ProbeVerifier(ProbeAuthConfig.of(KEYS), ZONE);
    String host = s.relativeTarget(cat, origin, now) + "." + ZONE;
    // expiry is floor((now + 10 s) / 1 s): counted for at least 14 s after signing (skew 5 s)
    long at = now + Math.min(delay, 14_000);
    assertEquals(ProbeVerdict.COUNTED, v.check(ProbeTarget.parseHost(host, ZONE), at));
    assertEquals(ProbeVerdict.REPLAYED, v.check(ProbeTarget.parseHost(host, ZONE), at));
  }

  @Property
  void changingAnyCharacterOfTheTokenIsRefused(
      @ForAll @IntRange(min = 0, max = ProbeToken.LABEL_CHARS - 1) int position,
      @ForAll @IntRange(min = 1, max = 31) int shift,
      @ForAll long nonce) {
    long now = 1_790_000_000_000L;
    ProbeSigner s = new ProbeSigner(KEYS, ZONE, 10_000, () -> nonce);
    String rel = s.relativeTarget("b", "a", now);
    String alphabet = "abcdefghijklmnopqrstuvwxyz234567";
    char old = rel.charAt(position);
    char replaced = alphabet.charAt((alphabet.indexOf(old) + shift) % 32);
    String tampered = rel.substring(0, position) + replaced + rel.substring(position + 1);
    ProbeVerdict verdict =
        new ProbeVerifier(ProbeAuthConfig.of(KEYS), ZONE)
            .check(ProbeTarget.parseHost(tampered + "." + ZONE, ZONE), now);
    assertNotEquals(ProbeVerdict.COUNTED, verdict, tampered);
  }

  @Property
  void aWeightChangedInTransitFailsTheMac(
      @ForAll @LongRange(min = 1_000_000_000_000L, max = 4_000_000_000_000L) long now,
      @ForAll @FloatRange(min = 0, max = 1e6f) float weight,
      @ForAll @FloatRange(min = 0, max = 1e6f) float forged,
      @ForAll long nonce) {
    if (Float.compare(weight, forged) == 0) {
      return;
    }
    ProbeSigner s = new ProbeSigner(KEYS, ZONE, 10_000, () -> nonce);
    s.publishWeight(weight, weight);
    ProbeVerifier v = new ProbeVerifier(ProbeAuthConfig.of(KEYS), ZONE);
    ProbeToken t = s.token("a", "b", now);
    assertEquals(weight, t.weight());
    assertEquals(weight, t.rate());
    ProbeToken changed = new ProbeToken(t.expirySeconds(), t.nonce(), forged, t.rate(), t.mac());
    String host = changed.label() + ".a.b.fc." + ZONE;
    assertEquals(ProbeVerdict.BAD_MAC, v.check(ProbeTarget.parseHost(host, ZONE), now));
    ProbeToken rated = new ProbeToken(t.expirySeconds(), t.nonce(), t.weight(), forged, t.mac());
    String rateHost = rated.label() + ".a.b.fc." + ZONE;
    assertEquals(ProbeVerdict.BAD_MAC, v.check(ProbeTarget.parseHost(rateHost, ZONE), now));
    String honest = t.label() + ".a.b.fc." + ZONE;
    assertEquals(ProbeVerdict.COUNTED, v.check(ProbeTarget.parseHost(honest, ZONE), now));
  }
}
