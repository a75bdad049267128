package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeSigner;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The probe gate's order: refused probes do not use up the sender's allowance. */
class ProbeGateTest {

  static final String ZONE = "cdn.example";
  static final KeyRing FLEET = KeyRing.ofText("fleet-probe-key-0123456789abcdef");

  @Test
  void forgedProbesFromAnAddressLeaveItsAllowanceToValidOnes() {
    ManualClock nanos = new ManualClock();
    long wall = 1_790_000_000_000L;
    ProbeGate gate =
        new ProbeGate(
            ProbeAuthConfig.of(FLEET).withClientLimit(1, 40), ZONE, new Clocks(nanos, () -> wall));
    AtomicLong n = new AtomicLong();
    ProbeSigner fleet = new ProbeSigner(FLEET, ZONE, 10_000, n::incrementAndGet);
    ProbeSigner forger =
        new ProbeSigner(
            KeyRing.ofText("guessed-key-0123456789abcdef"), ZONE, 10_000, n::incrementAndGet);
    for (int i = 0; i < 500; i++) {
      ProbeTarget forged =
          ProbeTarget.parseHost(forger.relativeTarget("b", "a", wall) + "." + ZONE, ZONE);
      assertEquals(ProbeVerdict.BAD_MAC, gate.admit(forged, "192.0.2.9"));
    }
    int counted = 0;
    for (int i = 0; i < 50; i++) {
      ProbeTarget valid =
          ProbeTarget.parseHost(fleet.relativeTarget("b", "a", wall) + "." + ZONE, ZONE);
      if (gate.admit(valid, "192.0.2.9") == ProbeVerdict.COUNTED) {
        counted++;
      }
    }
    assertEquals(40, counted, "the whole burst of 40, the clock standing still");
    assertEquals(10, gate.refused(ProbeVerdict.OVER_CLIENT_CAP));
    assertEquals(500, gate.refused(ProbeVerdict.BAD_MAC));
    assertEquals(50, gate.noncesHeld(), "capped probes still burn their nonce");
  }
}
