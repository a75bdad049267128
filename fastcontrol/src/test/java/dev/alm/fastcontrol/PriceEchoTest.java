package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Price echoes: the name, signing, verification, refusals, and the sample they add up to. */
class PriceEchoTest {

  /** The resolver every echo of this test comes from (one prefix, far below its allowance). */
  private static final InetAddress RESOLVER = InetAddress.getLoopbackAddress();

  static final String ZONE = SignedProbeTest.ZONE;
  static final KeyRing KEY = SignedProbeTest.NEW;
  static final long T0 = SignedProbeTest.T0;

  /** A signed probe of category {@code category} handed out by {@code origin} at T0. */
  static ProbeTarget.Signed probe(String category, String origin) {
    return (ProbeTarget.Signed)
        SignedProbeTest.host(SignedProbeTest.signer(KEY), category, origin, T0);
  }

  /** The labels in front of {@code echo.<zone>} of an echo name relative to the zone. */
  static String[] labels(String relative) {
    String[] all = relative.split("\\.");
    assertEquals(PriceEcho.ECHO_LABEL, all[all.length - 1], relative);
    return Arrays.copyOf(all, all.length - 1);
  }

  static EchoVerifier verifier(KeyRing keys, String self) {
    // one resolver sends every echo of these tests: an allowance that does not bind
    return new EchoVerifier(
        ProbeAuthConfig.of(keys).withEchoPrefixLimit(1e6, 1e6), ZONE, self, System::nanoTime);
  }

  /**
   * Beta_a over 30 s when an outside party harvests a's probes and has each answered by the proxy
   * of the highest price (1,000) from 256 addresses, against a's users (20 resolver prefixes, 100
   * echoes/s, true beta 8): the echoes it gets counted, and the beta that results.
   *
   * @param prefixes how many /24 prefixes the 256 addresses span
   * @param allowance echoes per second one prefix may have counted (burst twice that)
   * @return {attacker's echoes counted, beta_a}
   */
  static double[] attack(int prefixes, double allowance) throws Exception {
    AtomicLong nanos = new AtomicLong();
    EchoVerifier v =
        new EchoVerifier(
            ProbeAuthConfig.of(KEY).withEchoPrefixLimit(allowance, 2 * allowance),
            ZONE,
            "a",
            nanos::get);
    ProbeSigner signer = SignedProbeTest.signer(KEY);
    EchoSigner b = new EchoSigner(KEY, ZONE, "b");
    EchoSigner c = new EchoSigner(KEY, ZONE, "c");
    EchoSigner d = new EchoSigner(KEY, ZONE, "d");
    long attackerCounted = 0;
    int step = 10; // ms; per step: 1 echo of a's users, 10 of the attacker's
    for (int ms = 0; ms < 30_000; ms += step) {
      nanos.set(ms * 1_000_000L);
      long now = T0 + ms;
      ProbeTarget.Signed own = (ProbeTarget.Signed) SignedProbeTest.host(signer, "a", "a", now);
      int k = ms / step;
      String rel = (k % 4 == 3 ? c : b).echo(own, k % 4 == 3 ? 2.0 : 10.0);
      InetAddress user = InetAddress.getByAddress(new byte[] {10, 0, (byte) (k % 20), 1});
      v.accept(labels(rel), user, now);
      for (int j = 0; j < 10; j++) {
        int address = (k * 10 + j) % 256;
        byte[] from =
            prefixes == 1
                ? new byte[] {(byte) 203, 0, 113, (byte) address}
                : new byte[] {(byte) 198, 18, (byte) (address % prefixes), 1};
        ProbeTarget.Signed harvested =
            (ProbeTarget.Signed) SignedProbeTest.host(signer, "a", "a", now);
        if (v.accept(labels(d.echo(harvested, 1000.0)), InetAddress.getByAddress(from), now)
            == EchoVerdict.COUNTED) {
          attackerCounted++;
        }
      }
    }
    EchoTotals t = v.totals();
    return new double[] {attackerCounted, t.sum() / t.count()};
  }

  @Test
  void anOutsidePartyWeighsInBetaOnlyByThePrefixesItHolds() throws Exception {
    double allowance = ProbeAuthConfig.DEFAULT_ECHO_PREFIX_RATE;
    double[] open = attack(1, 1e6);
    double[] oneNet = attack(1, allowance);
    double[] spread = attack(256, allowance);
    System.out.printf(
        "price-echo attack from 256 addresses at 1,000 echoes/s, a's users 100/s, true beta 8:"
            + " no allowance: %.0f counted, beta %.1f; one /24: %.0f counted, beta %.1f;"
            + " 256 /24s: %.0f counted, beta %.1f%n",
        open[0], open[1], oneNet[0], oneNet[1], spread[0], spread[1]);
    assertTrue(open[1] > 800, "without an allowance the attacker sets beta: " + open[1]);
    assertTrue(
        oneNet[0] <= allowance * 30 + 2 * allowance + 1,
        "one prefix counts at most its allowance: " + oneNet[0]);
    assertTrue(oneNet[1] < open[1] / 2, "and so moves beta less: " + oneNet[1]);
    assertTrue(
        spread[0] <= 256 * (allowance * 30 + 2 * allowance), "each prefix its own allowance");
  }

  @Test
  void anEchoNameIsOneLabelThenProxyAndOrigin() {
    String rel = new EchoSigner(KEY, ZONE, "b").echo(probe("a", "a"), 12.5, 0.75, 900);
    String[] l = rel.split("\\.");
    assertEquals(4, l.length, rel);
    assertEquals(PriceEcho.LABEL_CHARS, l[0].length());
    assertEquals(56, l[0].length());
    assertTrue(l[0].length() <= 63 && l[0].matches("[a-z2-7]+"), l[0]);
    assertEquals("b", l[1]);
    assertEquals("a", l[2]);
    PriceEcho e = PriceEcho.parse(labels(rel));
    assertNotNull(e);
    assertEquals(PriceEcho.VERSION, e.version());
    assertEquals(12.5f, e.price());
    assertEquals(0.75f, e.load());
    assertEquals(900f, e.capacity());
    assertEquals(probe("a", "a").name().origin(), e.origin());
  }

  @Test
  void anEchoWithoutALoadIsVersion2AndStillCounts() {
    EchoVerifier v = verifier(KEY, "a");
    String old = new EchoSigner(KEY, ZONE, "b").echo(probe("a", "a"), 4.0);
    assertEquals(SignedLabel.LABEL_CHARS, old.split("\\.")[0].length());
    assertEquals(PriceEcho.VERSION_2, PriceEcho.parse(labels(old)).version());
    // a proxy without a published capacity writes the price alone too
    String noCapacity = new EchoSigner(KEY, ZONE, "c").echo(probe("a", "a"), 6.0, 0.5, Double.NaN);
    assertEquals(PriceEcho.VERSION_2, PriceEcho.parse(labels(noCapacity)).version());
    String loaded = new EchoSigner(KEY, ZONE, "b").echo(probe("a", "a"), 8.0, 1.25, 2000);
    assertEquals(EchoVerdict.COUNTED, v.accept(labels(old), RESOLVER, T0 + 100));
    assertEquals(EchoVerdict.COUNTED, v.accept(labels(noCapacity), RESOLVER, T0 + 100));
    assertEquals(EchoVerdict.COUNTED, v.accept(labels(loaded), RESOLVER, T0 + 100));
    EchoTotals.Stratum b = v.totals().byProxy().get("b");
    assertEquals(new EchoTotals.Stratum(2, 12.0, 1, 1.25, 2000), b);
    assertEquals(1.25, b.load(), 1e-12);
    assertEquals(2000, b.capacity(), 1e-12);
    assertTrue(Double.isNaN(v.totals().byProxy().get("c").load()));
  }

  @Test
  void theLoadIsSignedAndSaturates() {
    EchoVerifier v = verifier(KEY, "a");
    String rel = new EchoSigner(KEY, ZONE, "b").echo(probe("a", "a"), 8.0, 0.5, 2000);
    PriceEcho e = PriceEcho.parse(labels(rel));
    // the same echo claiming twice the load: the MAC no longer matches
    PriceEcho forged =
        new PriceEcho(
            e.proxy(),
            e.origin(),
            e.expirySeconds(),
            e.nonce(),
            e.price(),
            1.0f,
            e.capacity(),
            e.mac());
    assertEquals(EchoVerdict.BAD_MAC, v.accept(labels(forged.relativeName()), RESOLVER, T0 + 50));
    assertEquals(EchoVerdict.COUNTED, v.accept(labels(rel), RESOLVER, T0 + 60));
    String high = new EchoSigner(KEY, ZONE, "b").echo(probe("a", "a"), 8.0, 1e9, 2000);
    assertEquals(65.535f, PriceEcho.parse(labels(high)).load());
  }

  @Test
  void aVerifiedEchoAddsItsPriceOnceAndItsReplayIsRefused() {
    EchoVerifier v = verifier(KEY, "a");
    ProbeTarget.Signed p = probe("a", "a");
    String rel = new EchoSigner(KEY, ZONE, "b").echo(p, 3.0);
    assertEquals(EchoVerdict.COUNTED, v.accept(labels(rel), RESOLVER, T0 + 100));
    assertEquals(EchoVerdict.REPLAYED, v.accept(labels(rel), RESOLVER, T0 + 200));
    // the same probe answered by another proxy (sent twice): its nonce was echoed already
    String other = new EchoSigner(KEY, ZONE, "c").echo(p, 100.0);
    assertEquals(EchoVerdict.REPLAYED, v.accept(labels(other), RESOLVER, T0 + 300));
    assertEquals(
        new EchoTotals(1, 3.0, 9.0, Map.of("b", new EchoTotals.Stratum(1, 3.0))), v.totals());
    assertEquals(Map.of("b", 1L), v.byProxy());
    assertEquals(2, v.count(EchoVerdict.REPLAYED));
  }

  @Test
  void theMeanOfTheEchoedPricesIsBeta() {
    // PoP a's users land on b (price 10) three times out of four and on c (price 2) once
    EchoVerifier v = verifier(KEY, "a");
    for (int k = 0; k < 400; k++) {
      String proxy = k % 4 == 3 ? "c" : "b";
      double price = proxy.equals("b") ? 10 : 2;
      String rel = new EchoSigner(KEY, ZONE, proxy).echo(probe("a", "a"), price);
      assertEquals(EchoVerdict.COUNTED, v.accept(labels(rel), RESOLVER, T0 + 10));
    }
    EchoTotals t = v.totals();
    BetaEstimate b = EchoBetaEstimator.next(t.count(), t.sum(), t.squares(), 1, null, 1);
    assertEquals(0.75 * 10 + 0.25 * 2, b.beta(), 1e-9);
    assertEquals(Map.of("b", 300L, "c", 100L), v.byProxy());
  }

  @Test
  void forgedMovedStaleAndMalformedEchoesAreRefusedByReason() {
    EchoVerifier v = verifier(KEY, "a");
    String good = new EchoSigner(KEY, ZONE, "b").echo(probe("a", "a"), 5.0);
    String[] l = labels(good);
    // a price changed in the label: the MAC no longer covers it
    PriceEcho e = PriceEcho.parse(l);
    String raised =
        new PriceEcho(e.proxy(), e.origin(), e.expirySeconds(), e.nonce(), 500f, e.mac())
            .relativeName();
    assertEquals(EchoVerdict.BAD_MAC, v.accept(labels(raised), RESOLVER, T0 + 10));
    // signed with another key
    String guessed =
        new EchoSigner(KeyRing.ofText("a-guessed-key-0123456789abcdef"), ZONE, "b")
            .echo(probe("a", "a"), 5.0);
    assertEquals(EchoVerdict.BAD_MAC, v.accept(labels(guessed), RESOLVER, T0 + 10));
    // claimed for another proxy than the one that signed
    assertEquals(EchoVerdict.BAD_MAC, v.accept(new String[] {l[0], "c", "a"}, RESOLVER, T0 + 10));
    // an echo of b's probe arriving at a
    String toB = new EchoSigner(KEY, ZONE, "c").echo(probe("b", "b"), 5.0);
    assertEquals(EchoVerdict.OTHER_ORIGIN, v.accept(labels(toB), RESOLVER, T0 + 10));
    // after the probe's lifetime and the skew
    assertEquals(EchoVerdict.EXPIRED, v.accept(l, RESOLVER, T0 + 10 * 60_000));
    assertEquals(
        EchoVerdict.MALFORMED, v.accept(new String[] {"nonsense", "b", "a"}, RESOLVER, T0));
    assertEquals(EchoVerdict.MALFORMED, v.accept(new String[] {l[0], "b"}, RESOLVER, T0));
    assertEquals(EchoVerdict.MALFORMED, v.accept(new String[] {l[0], "B_", "a"}, RESOLVER, T0));
    assertEquals(EchoTotals.NONE, v.totals(), "nothing refused reaches the sample");
    assertEquals(EchoVerdict.COUNTED, v.accept(l, RESOLVER, T0 + 10));
  }

  @Test
  void withoutAKeyNothingIsEchoedOrCounted() {
    EchoVerifier v = new EchoVerifier(ProbeAuthConfig.off(), ZONE, "a", System::nanoTime);
    String rel = new EchoSigner(KEY, ZONE, "b").echo(probe("a", "a"), 5.0);
    assertEquals(EchoVerdict.NO_KEY, v.accept(labels(rel), RESOLVER, T0 + 10));
    assertEquals(EchoTotals.NONE, v.totals());
  }

  @Test
  void noEchoForAPriceThatIsNoNumberOrANameTooLong() {
    EchoSigner s = new EchoSigner(KEY, ZONE, "b");
    assertNull(s.echo(probe("a", "a"), Double.NaN));
    assertNull(s.echo(probe("a", "a"), -1));
    assertNull(s.echo(probe("a", "a"), Double.POSITIVE_INFINITY));
    String longZone = "z".repeat(63) + "." + "y".repeat(63) + "." + "x".repeat(63) + ".example";
    assertNull(new EchoSigner(KEY, longZone, "p".repeat(63)).echo(probe("a", "a"), 1));
  }

  @Test
  void theEstimateKeepsThePreviousOneWithoutEchoesAndSmooths() {
    BetaEstimate prev = new BetaEstimate(4, 0.5, 4, 0.5, 10, 1);
    BetaEstimate none = EchoBetaEstimator.next(0, 0, 0, 1, prev, 0.2);
    assertEquals(4, none.beta());
    assertEquals(0, none.count());
    // ten echoes of 6 and 8: mean 7, sample sd about 1.05, se about 0.33
    double sum = 5 * 6 + 5 * 8;
    double squares = 5 * 36 + 5 * 64;
    BetaEstimate b = EchoBetaEstimator.next(10, sum, squares, 1, prev, 0.2);
    assertEquals(7, b.rawBeta(), 1e-12);
    assertEquals(Math.sqrt((squares - 10 * 49) / 9.0 / 10), b.rawStdError(), 1e-12);
    assertEquals(0.2 * 7 + 0.8 * 4, b.beta(), 1e-12);
    assertEquals(10, b.count());
  }
}
