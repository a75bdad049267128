package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The token server's pure step, with time as an argument: no sockets, no clock. */
class TokenServerCoreTest {

  private static final KeyRing KEYS = KeyRing.ofText("token-server-core-key-001");
  private static final LeaseCodec CODEC = new LeaseCodec(KEYS);
  private static final long MS = 1_000_000L;

  private static TokenServerCore.Outcome ask(
      TokenServerCore core, long client, long seq, long want, String customer, long nowMs) {
    byte[] b = CODEC.encode(new LeaseCodec.Request(client, seq, nowMs, want, customer));
    return core.handle(b, 0, b.length, nowMs * MS, nowMs);
  }

  @Test
  void grantsAreWholeBatchesCappedByTheFairShareOfABatchTime() {
    TokenServerCore core =
        new TokenServerCore(
            CODEC, TokenServerSettings.DEFAULTS, List.of(new CentralLimit("acme", 1000, 1000)), 0);
    // One client: 1000/s x 0.1 s = 100 per grant.
    LeaseCodec.Grant g = ((TokenServerCore.Answer) ask(core, 1, 1, 1_000_000, "acme", 0)).grant();
    assertEquals(100, g.granted());
    assertEquals(500, g.leaseMillis());
    // A second client active within the lease halves the cap.
    g = ((TokenServerCore.Answer) ask(core, 2, 1, 1_000_000, "acme", 1)).grant();
    assertEquals(50, g.granted());
    // Drain the bucket, then a request that cannot get a whole batch gets nothing and a retry time.
    long seq = 2;
    while (((TokenServerCore.Answer) ask(core, 1, seq++, 50, "acme", 2)).grant().granted() > 0) {}
    g = ((TokenServerCore.Answer) ask(core, 1, seq++, 50, "acme", 2)).grant();
    assertEquals(0, g.granted());
    assertTrue(g.retryAfterMillis() >= 1 && g.retryAfterMillis() <= 500, "" + g.retryAfterMillis());
    assertTrue(core.emptyGrants() >= 1);
  }

  @Test
  void grantsNeverExceedBurstPlusRateTimesTimeOverRandomRequests() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int run = 0; run < 50; run++) {
      double limit = 1 + rnd.nextDouble() * 5000;
      double burst = 1 + rnd.nextDouble() * 5000;
      TokenServerCore core =
          new TokenServerCore(
              CODEC,
              TokenServerSettings.DEFAULTS.withBatchSeconds(0.01 + rnd.nextDouble()),
              List.of(new CentralLimit("c", limit, burst)),
              0);
      long now = 0;
      long granted = 0;
      long[] seq = new long[5];
      for (int i = 0; i < 2000; i++) {
        now += rnd.nextInt(20);
        int client = rnd.nextInt(5);
        TokenServerCore.Outcome o =
            ask(core, client + 1, ++seq[client], 1 + rnd.nextInt(10_000), "c", now);
        granted += ((TokenServerCore.Answer) o).grant().granted();
        assertTrue(
            granted <= Math.floor(burst) + limit * now / 1000.0 + 1,
            "run " + run + ": granted " + granted + " by " + now + " ms");
      }
    }
  }

  @Test
  void replayedStaleForgedAndUnknownAreRefusedOrFlagged() {
    TokenServerCore core =
        new TokenServerCore(
            CODEC, TokenServerSettings.DEFAULTS, List.of(new CentralLimit("acme", 100, 100)), 0);
    byte[] b = CODEC.encode(new LeaseCodec.Request(9, 5, 0, 10, "acme"));
    assertInstanceOf(TokenServerCore.Answer.class, core.handle(b, 0, b.length, 0, 0));
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.REPLAYED), core.handle(b, 0, b.length, MS, 1));
    // Out of order but inside the window: accepted once.
    byte[] older = CODEC.encode(new LeaseCodec.Request(9, 3, 0, 10, "acme"));
    assertInstanceOf(TokenServerCore.Answer.class, core.handle(older, 0, older.length, MS, 1));
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.REPLAYED),
        core.handle(older, 0, older.length, MS, 1));
    byte[] stale = CODEC.encode(new LeaseCodec.Request(10, 1, -60_000, 10, "acme"));
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.STALE),
        core.handle(stale, 0, stale.length, MS, 1));
    LeaseCodec.Grant g = ((TokenServerCore.Answer) ask(core, 10, 1, 10, "other", 0)).grant();
    assertTrue(g.unknownCustomer());
    assertEquals(0, g.granted());
    assertEquals(1, core.unknownCustomers());
  }

  @Test
  void aFullClientTableForgetsIdleClientsFirstAndRefusesWhenAllAreLive() {
    TokenServerSettings s =
        new TokenServerSettings(Duration.ofMillis(500), 0.1, Duration.ofSeconds(1), 2);
    TokenServerCore core =
        new TokenServerCore(CODEC, s, List.of(new CentralLimit("acme", 1e6, 1e6)), 0);
    ask(core, 1, 1, 1, "acme", 0);
    ask(core, 2, 1, 1, "acme", 0);
    assertEquals(
        new TokenServerCore.Refused(LeaseRefusal.TABLE_FULL), ask(core, 3, 1, 1, "acme", 100));
    // 3 s later both windows are idle for more than twice the skew: forgotten, room for a new one.
    assertInstanceOf(TokenServerCore.Answer.class, ask(core, 3, 1, 1, "acme", 3000));
  }

  @Test
  void aLimitChangedAtRunTimeKeepsTheFillInProportion() {
    TokenServerCore core =
        new TokenServerCore(
            CODEC,
            TokenServerSettings.DEFAULTS.withBatchSeconds(60),
            List.of(new CentralLimit("acme", 1, 100)),
            0);
    ask(core, 1, 1, 50, "acme", 0); // 100 -> 50 left
    assertEquals(50, core.available("acme", 0));
    core.setLimits(List.of(new CentralLimit("acme", 1, 200)), 0);
    assertEquals(100, core.available("acme", 0));
    core.setLimits(List.of(), 0);
    assertEquals(-1, core.available("acme", 0));
  }
}
