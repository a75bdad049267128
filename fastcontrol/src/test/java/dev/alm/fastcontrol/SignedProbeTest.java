package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Signed probe names: format, signing, verification, expiry, replay and key rotation. */
class SignedProbeTest {

  static final String ZONE = "cdn.example";
  static final KeyRing OLD = KeyRing.ofText("old-key-0123456789abcdef");
  static final KeyRing NEW = KeyRing.ofText("new-key-0123456789abcdef");
  static final long T0 = 1_790_000_000_000L; // 2026-09, epoch ms

  /** Nonces unique across the signers of a test, as random ones are. */
  static final AtomicLong NONCES = new AtomicLong(1000);

  static ProbeSigner signer(KeyRing keys) {
    return new ProbeSigner(keys, ZONE, 10_000, NONCES::incrementAndGet);
  }

  static ProbeVerifier verifier(KeyRing keys) {
    return new ProbeVerifier(ProbeAuthConfig.of(keys), ZONE);
  }

  static ProbeTarget host(ProbeSigner s, String category, String origin, long now) {
    return ProbeTarget.parseHost(s.relativeTarget(category, origin, now) + "." + ZONE, ZONE);
  }

  @Test
  void aSignedNameIsOneExtraLabelWithinDnsLimits() {
    String rel = signer(NEW).relativeTarget("b", "a", T0);
    String[] labels = rel.split("\\.");
    assertEquals(4, labels.length, rel);
    assertEquals(ProbeToken.LABEL_CHARS, labels[0].length());
    assertTrue(labels[0].length() <= 63);
    assertTrue(labels[0].matches("[a-z2-7]+"), labels[0]);
    assertEquals("b", labels[1]);
    assertEquals("a", labels[2]);
    assertEquals("fc", labels[3]);
    String longId = "p".repeat(63);
    String longZone = "z".repeat(63) + "." + "y".repeat(20) + ".example";
    ProbeSigner s = new ProbeSigner(NEW, longZone, 10_000, () -> 1);
    assertNull(
        s.relativeTarget(longId, longId, T0), "a name over 253 characters is not handed out");
    String ok = s.relativeTarget(longId, "a", T0);
    assertNotNull(ok);
    assertTrue((ok + "." + longZone).length() <= ProbeSigner.MAX_NAME_CHARS);
  }

  @Test
  void aFreshSignedProbeCountsOnceAndItsReplayIsRefused() {
    ProbeVerifier v = verifier(NEW);
    ProbeTarget t = host(signer(NEW), "b", "a", T0);
    assertInstanceOf(ProbeTarget.Signed.class, t);
    assertEquals(ProbeVerdict.COUNTED, v.check(t, T0 + 50));
    assertEquals(ProbeVerdict.REPLAYED, v.check(t, T0 + 60));
    assertEquals(ProbeVerdict.REPLAYED, v.check(t, T0 + 9_000));
    assertEquals(1, v.noncesHeld());
  }

  @Test
  void upperCaseFromAResolverStillVerifies() {
    ProbeVerifier v = verifier(NEW);
    String name = signer(NEW).relativeTarget("b", "a", T0) + "." + ZONE;
    assertEquals(
        ProbeVerdict.COUNTED, v.check(ProbeTarget.parseHost(name.toUpperCase(), ZONE), T0));
  }

  @Test
  void expiryHonoursTheSkewAllowanceOnBothSides() {
    ProbeSigner s = signer(NEW);
    // lifetime 10 s, skew 5 s: counts until expiry + 5 s
    long expiry = T0 + 10_000;
    assertEquals(ProbeVerdict.COUNTED, verifier(NEW).check(host(s, "b", "a", T0), expiry + 4_999));
    assertEquals(ProbeVerdict.EXPIRED, verifier(NEW).check(host(s, "b", "a", T0), expiry + 5_001));
    // the signer's clock 5 s ahead of the proxy's: still counts; 6 s ahead: refused
    assertEquals(ProbeVerdict.COUNTED, verifier(NEW).check(host(s, "b", "a", T0), T0 - 5_000));
    assertEquals(ProbeVerdict.EXPIRED, verifier(NEW).check(host(s, "b", "a", T0), T0 - 6_001));
  }

  @Test
  void wrongKeyAlteredFieldsAndMissingTokenAreRefusedByReason() {
    ProbeVerifier v = verifier(NEW);
    assertEquals(ProbeVerdict.BAD_MAC, v.check(host(signer(OLD), "b", "a", T0), T0));
    String rel = signer(NEW).relativeTarget("b", "a", T0);
    String token = rel.substring(0, ProbeToken.LABEL_CHARS);
    // the same token moved to another category or origin
    assertEquals(
        ProbeVerdict.BAD_MAC, v.check(ProbeTarget.parseHost(token + ".a.a.fc." + ZONE, ZONE), T0));
    assertEquals(
        ProbeVerdict.BAD_MAC, v.check(ProbeTarget.parseHost(token + ".b.c.fc." + ZONE, ZONE), T0));
    // one character of the token changed
    char c = token.charAt(30) == 'a' ? 'b' : 'a';
    String flipped = token.substring(0, 30) + c + token.substring(31);
    assertEquals(
        ProbeVerdict.BAD_MAC,
        v.check(ProbeTarget.parseHost(flipped + ".b.a.fc." + ZONE, ZONE), T0));
    assertEquals(ProbeVerdict.UNSIGNED, v.check(ProbeTarget.parseHost("b.a.fc." + ZONE, ZONE), T0));
    assertEquals(
        ProbeVerdict.MALFORMED, v.check(ProbeTarget.parseHost("zzzz.b.a.fc." + ZONE, ZONE), T0));
    assertEquals(
        ProbeVerdict.MALFORMED, v.check(ProbeTarget.parseHost("1.2.3.4.fc." + ZONE, ZONE), T0));
    assertEquals(0, v.noncesHeld(), "refused probes leave nothing in the replay table");
  }

  @Test
  void duringRotationBothKeysVerifyAndAfterwardsOnlyTheNewOne() {
    KeyRing rotating = KeyRing.ofText("new-key-0123456789abcdef", "old-key-0123456789abcdef");
    ProbeVerifier v = verifier(rotating);
    assertEquals(ProbeVerdict.COUNTED, v.check(host(signer(OLD), "b", "a", T0), T0));
    assertEquals(ProbeVerdict.COUNTED, v.check(host(signer(rotating), "b", "a", T0), T0));
    assertEquals(ProbeVerdict.COUNTED, v.check(host(signer(NEW), "b", "c", T0), T0));
    assertEquals(ProbeVerdict.BAD_MAC, verifier(NEW).check(host(signer(OLD), "b", "a", T0), T0));
  }

  @Test
  void withoutKeysEveryWellFormedProbeCounts() {
    ProbeVerifier v = new ProbeVerifier(ProbeAuthConfig.off(), ZONE);
    ProbeTarget unsigned = ProbeTarget.parseHost("b.a.fc." + ZONE, ZONE);
    assertEquals(ProbeVerdict.COUNTED, v.check(unsigned, T0));
    assertEquals(ProbeVerdict.COUNTED, v.check(unsigned, T0));
    assertEquals(ProbeVerdict.COUNTED, v.check(host(signer(OLD), "b", "a", T0), T0));
    assertEquals(
        ProbeVerdict.MALFORMED, v.check(ProbeTarget.parseHost("x.y.z.fc." + ZONE, ZONE), T0));
    assertNull(ProbeTarget.parseHost("www." + ZONE, ZONE), "ordinary names are no probes");
  }

  @Test
  void thePathFormCarriesTheTokenLast() {
    ProbeVerifier v = verifier(NEW);
    String rel = signer(NEW).relativeTarget("b", "a", T0);
    String token = rel.substring(0, ProbeToken.LABEL_CHARS);
    ProbeTarget p = ProbeTarget.parsePath("/_alm/fc/b/a/" + token + "?x=1");
    assertEquals(new ProbeName("b", "a"), p.name());
    assertEquals(ProbeVerdict.COUNTED, v.check(p, T0));
    assertEquals(ProbeVerdict.REPLAYED, v.check(ProbeTarget.parseHost(rel + "." + ZONE, ZONE), T0));
    assertEquals(ProbeVerdict.UNSIGNED, v.check(ProbeTarget.parsePath("/_alm/fc/b/a"), T0));
    assertNull(ProbeTarget.parsePath("/bytes/10"));
  }

  @Test
  void theReplayTableIsBoundedFailsClosedAndFreesExpiredSeconds() {
    ProbeAuthConfig c =
        ProbeAuthConfig.of(NEW).withWindow(Duration.ofSeconds(10), Duration.ofSeconds(5), 3);
    ProbeVerifier v = new ProbeVerifier(c, ZONE);
    ProbeSigner s = signer(NEW);
    for (int i = 0; i < 3; i++) {
      assertEquals(ProbeVerdict.COUNTED, v.check(host(s, "b", "a", T0), T0));
    }
    assertEquals(ProbeVerdict.NONCE_TABLE_FULL, v.check(host(s, "b", "a", T0), T0));
    // 16 s later the first three have expired (10 s + 5 s skew) and are forgotten
    assertEquals(ProbeVerdict.COUNTED, v.check(host(s, "b", "a", T0 + 16_000), T0 + 16_000));
    assertEquals(1, v.noncesHeld());
  }
}
