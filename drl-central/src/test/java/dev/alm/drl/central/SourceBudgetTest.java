package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.io.KeyRing;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The token server's refusal budget per source address, through its pure step: no sockets. */
class SourceBudgetTest {

  private static final KeyRing KEYS = KeyRing.ofText("source-budget-test-key-01");
  private static final LeaseCodec CODEC = new LeaseCodec(KEYS);
  private static final LeaseCodec FORGER = new LeaseCodec(KeyRing.ofText("not-the-fleet-key-0001"));
  private static final long MS = 1_000_000L;
  private static final long POP = 11;
  private static final long FLOODER = 12;

  private static TokenServerCore core(RefusalBudget b) {
    return new TokenServerCore(
        CODEC,
        TokenServerSettings.DEFAULTS.withRefusals(b),
        List.of(new CentralLimit("acme", 1e6, 1e6)),
        0);
  }

  private static TokenServerCore.Outcome send(
      TokenServerCore core, LeaseCodec codec, long client, long seq, long source, long nowMs) {
    byte[] b = codec.encode(new LeaseCodec.Request(client, seq, nowMs, 10, "acme"));
    return core.handle(b, 0, b.length, source, nowMs * MS, nowMs);
  }

  @Test
  void anAddressThatSpentItsRefusalsIsDroppedUnverifiedAndRefillsAtItsRate() {
    TokenServerCore core = core(new RefusalBudget(20, 100, 64, 1000, 1000));
    // A known address (one real request from there), then forged requests from it.
    send(core, CODEC, 1, 1, FLOODER, 0);
    for (int i = 0; i < 1000; i++) {
      send(core, FORGER, 100 + i, 1, FLOODER, 0);
    }
    assertEquals(100, core.refused(LeaseRefusal.BAD_MAC), "its burst verified");
    assertEquals(900, core.refused(LeaseRefusal.OVER_ADDRESS_BUDGET), "the rest dropped");
    for (int i = 0; i < 1000; i++) {
      send(core, FORGER, 5000 + i, 1, FLOODER, 1000);
    }
    assertEquals(120, core.refused(LeaseRefusal.BAD_MAC), "20 more after one second");
  }

  @Test
  void aRealClientIsHeardFromAnAddressThatForgersSpoof() {
    TokenServerCore core = core(new RefusalBudget(1, 1, 64, 1, 1));
    assertEquals(
        TokenServerCore.Answer.class, send(core, CODEC, 7, 1, POP, 0).getClass(), "first ask");
    for (int i = 0; i < 100; i++) {
      send(core, FORGER, 100 + i, 1, POP, 0); // spoofing the POP's address
    }
    assertEquals(1, core.refused(LeaseRefusal.BAD_MAC));
    assertEquals(99, core.refused(LeaseRefusal.OVER_ADDRESS_BUDGET));
    for (int seq = 2; seq < 50; seq++) {
      assertEquals(
          TokenServerCore.Answer.class, send(core, CODEC, 7, seq, POP, 0).getClass(), "ask " + seq);
    }
    // A forger that copies the real client id still costs a verification, and is still refused.
    send(core, FORGER, 7, 1000, POP, 0);
    assertEquals(2, core.refused(LeaseRefusal.BAD_MAC));
  }

  @Test
  void everNewSourcesShareOneBudget() {
    TokenServerCore core = core(new RefusalBudget(20, 100, 1024, 50, 50));
    for (int i = 0; i < 10_000; i++) {
      send(core, FORGER, i + 1, 1, 1000 + i, 0);
    }
    assertEquals(50, core.refused(LeaseRefusal.BAD_MAC), "the shared burst, no more");
    assertEquals(9950, core.refused(LeaseRefusal.OVER_SHARED_BUDGET));
    // A source refused once starts with an empty budget of its own: dropped until it refills.
    send(core, FORGER, 99_999, 1, 1000, 0);
    assertEquals(1, core.refused(LeaseRefusal.OVER_ADDRESS_BUDGET));
    // A new real POP is verified while the shared budget lasts: 50/s refill.
    assertEquals(TokenServerCore.Answer.class, send(core, CODEC, 8, 1, 77_777, 100).getClass());
  }

  @Test
  void theTableStaysBoundedAndKeepsAddressesWithRealClients() {
    RefusalBudget b = new RefusalBudget(20, 100, 16, 1, 1);
    SourceBudget sb = new SourceBudget(b, 0);
    sb.authenticated(5, 42, 0);
    for (long a = 100; a < 10_000; a++) {
      sb.refused(a, a);
    }
    assertEquals(16, sb.tracked());
    assertEquals(SourceBudget.Verdict.VERIFY, sb.check(5, 42, 10_000));
  }
}
