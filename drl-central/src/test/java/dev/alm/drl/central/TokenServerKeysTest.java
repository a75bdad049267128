package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.alm.io.KeyRing;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The token server's per-key counts, through its pure step: datagrams and time in, answers out. */
class TokenServerKeysTest {

  private static final KeyRing KEYS = KeyRing.ofText("token-server-keys-key-001");
  private static final LeaseCodec CODEC = new LeaseCodec(KEYS);
  private static final long MS = 1_000_000L;
  private static final long T0 = 1_699_999_200_000L; // a whole second, minute and hour

  private long seq;

  private TokenServerCore core(TokenServerSettings s, CentralKeyLimit... limits) {
    return new TokenServerCore(CODEC, s, List.of(CentralLimit.of("acme", 10)), List.of(limits), 0);
  }

  private TokenServerCore.Outcome ask(TokenServerCore core, String customer, long hash, long ms) {
    byte[] b = CODEC.encode(new LeaseCodec.KeyRequest(1, ++seq, ms, hash, customer));
    return core.handle(b, 0, b.length, (ms - T0) * MS, ms);
  }

  private LeaseCodec.KeyAnswer answer(TokenServerCore core, String customer, long hash, long ms) {
    return ((TokenServerCore.KeyAnswered) ask(core, customer, hash, ms)).answer();
  }

  private LeaseCodec.KeyStatus status(TokenServerCore core, String customer, long hash, long ms) {
    return answer(core, customer, hash, ms).status();
  }

  @Test
  void eachKeyIsAdmittedUpToItsLimitPerWindowAndTheWindowRollsOverOnTheEpoch() {
    TokenServerCore core =
        core(TokenServerSettings.DEFAULTS, new CentralKeyLimit("acme", 3, 60_000));
    for (int i = 0; i < 3; i++) {
      assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 42, T0 + i));
      assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", -42, T0 + i));
    }
    LeaseCodec.KeyAnswer refused = answer(core, "acme", 42, T0 + 20_000);
    assertEquals(LeaseCodec.KeyStatus.REFUSED, refused.status());
    assertEquals(40_000, refused.retryAfterMillis(), "to the end of the minute");
    assertEquals(42, refused.keyHash());
    assertEquals(LeaseCodec.KeyStatus.REFUSED, status(core, "acme", 42, T0 + 59_999));
    // The next minute: the count starts over, the old window's keys are dropped.
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 42, T0 + 60_000));
    KeyWindowCounts k = core.keyCounts();
    assertEquals(2, k.dropped());
    assertEquals(1, k.held());
    assertEquals(2, k.maxHeld());
    assertEquals(7, k.admitted());
    assertEquals(2, k.refused());
    assertEquals(9, core.keyRequests());
    assertEquals(0, core.requests(), "no lease request");
    // A wall clock stepped back stays in the window it had reached.
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 42, T0 + 59_000));
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 42, T0 + 60_001));
    assertEquals(LeaseCodec.KeyStatus.REFUSED, status(core, "acme", 42, T0 + 60_002));
  }

  @Test
  void aCustomerWithoutKeyLimitIsUnknownAndKeyRequestsShareTheReplayRules() {
    TokenServerCore core =
        core(TokenServerSettings.DEFAULTS, new CentralKeyLimit("acme", 1, 1_000));
    LeaseCodec.KeyAnswer a = answer(core, "globex", 1, T0);
    assertEquals(LeaseCodec.KeyStatus.UNKNOWN_CUSTOMER, a.status());
    assertEquals(1, core.keyCounts().unknownCustomers());
    // "acme" has a global limit and a key limit; a lease and a key request share the sequence.
    byte[] k = CODEC.encode(new LeaseCodec.KeyRequest(5, 1, T0, 9, "acme"));
    assertInstanceOf(TokenServerCore.KeyAnswered.class, core.handle(k, 0, k.length, 0, T0));
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.REPLAYED), core.handle(k, 0, k.length, 0, T0));
    byte[] lease = CODEC.encode(new LeaseCodec.Request(5, 1, T0, 1, "acme"));
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.REPLAYED),
        core.handle(lease, 0, lease.length, 0, T0));
    byte[] stale = CODEC.encode(new LeaseCodec.KeyRequest(6, 1, T0 - 60_000, 9, "acme"));
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.STALE),
        core.handle(stale, 0, stale.length, 0, T0));
    byte[] forged =
        new LeaseCodec(KeyRing.ofText("not-the-fleet-key-0001"))
            .encode(new LeaseCodec.KeyRequest(7, 1, T0, 9, "acme"));
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.BAD_MAC),
        core.handle(forged, 0, forged.length, 0, T0));
    byte[] junk = k.clone();
    junk[36] = 100; // a name length the datagram does not have
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.MALFORMED),
        core.handle(junk, 0, junk.length, 0, T0));
    assertEquals(1, core.keyCounts().admitted());
    assertEquals(5, core.refusedTotal());
  }

  @Test
  void pastTheBoundEndedWindowsAreDroppedFirstThenNewKeysAreAdmittedUncounted() {
    TokenServerCore core =
        core(
            TokenServerSettings.DEFAULTS.withMaxKeys(3),
            new CentralKeyLimit("acme", 1, 60_000),
            new CentralKeyLimit("fast", 1, 1_000));
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "fast", 1, T0));
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 1, T0));
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 2, T0));
    // Full of live keys: a new key is admitted uncounted, a held one still counted.
    assertEquals(LeaseCodec.KeyStatus.UNCOUNTED, status(core, "acme", 3, T0 + 1));
    assertEquals(LeaseCodec.KeyStatus.UNCOUNTED, status(core, "acme", 3, T0 + 2));
    assertEquals(LeaseCodec.KeyStatus.REFUSED, status(core, "acme", 1, T0 + 3));
    // "fast"'s second is over: its key is dropped to make room.
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 3, T0 + 1_000));
    KeyWindowCounts k = core.keyCounts();
    assertEquals(2, k.uncounted());
    assertEquals(1, k.dropped());
    assertEquals(3, k.held());
    assertEquals(3, k.maxHeld());
  }

  @Test
  void manyKeysAreCountedExactlyAndNewLimitsKeepOrDropCounts() {
    TokenServerCore core =
        core(TokenServerSettings.DEFAULTS, new CentralKeyLimit("acme", 2, 3_600_000));
    for (int round = 0; round < 3; round++) {
      for (long h = 0; h < 5_000; h++) {
        LeaseCodec.KeyStatus want =
            round < 2 ? LeaseCodec.KeyStatus.ADMITTED : LeaseCodec.KeyStatus.REFUSED;
        assertEquals(want, status(core, "acme", h * 0x1_0000_0001L, T0 + round), "key " + h);
      }
    }
    assertEquals(5_000, core.keyCounts().held());
    // A higher limit in the same window keeps the counts; another window drops them.
    core.setKeyLimits(List.of(new CentralKeyLimit("acme", 3, 3_600_000)));
    assertEquals(LeaseCodec.KeyStatus.ADMITTED, status(core, "acme", 0, T0 + 5));
    assertEquals(LeaseCodec.KeyStatus.REFUSED, status(core, "acme", 0, T0 + 5));
    core.setKeyLimits(List.of(new CentralKeyLimit("acme", 3, 60_000)));
    assertEquals(0, core.keyCounts().held());
    assertEquals(5_000, core.keyCounts().dropped());
    core.setKeyLimits(List.of());
    assertEquals(LeaseCodec.KeyStatus.UNKNOWN_CUSTOMER, status(core, "acme", 0, T0 + 6));
  }
}
