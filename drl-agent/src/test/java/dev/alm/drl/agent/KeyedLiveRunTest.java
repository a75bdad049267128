package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedFaults;
import dev.alm.ratelimit.keys.KeyedResult;
import dev.alm.ratelimit.keys.KeyedScenario;
import org.junit.jupiter.api.Test;

/**
 * Three agents on loopback share a customer's keys through signed UDP while requests are decided on
 * the wall clock: keys at several PoPs are held near their limit, which each PoP alone would give
 * them twice over. Bounds, not timings: the machine may be slow.
 */
class KeyedLiveRunTest {

  @Test
  void agentsShareKeysSeenAtSeveralPops() throws Exception {
    KeyedScenario sc =
        new KeyedScenario(
            3,
            300,
            1.1,
            3_000,
            KeyWindow.parse("1s"),
            0,
            0.1,
            0.5,
            2,
            0,
            0,
            6,
            20,
            1,
            KeyShareSettings.DEFAULTS,
            KeyedFaults.NONE);
    KeyedResult r = KeyedLiveRun.run(sc, null);
    assertTrue(r.requests() > 5_000, "requests " + r.requests());
    assertTrue(
        r.reports() > 0 && r.grants() > 0, "reports " + r.reports() + " grants " + r.grants());
    assertTrue(r.bytesPerPopPerSecond() > 0, "bytes " + r.bytesPerPopPerSecond());
    assertTrue(r.overMulti().n() > 10, "keys over their limit at two PoPs: " + r.overMulti().n());
    assertTrue(
        r.overMulti().median() <= 1.3,
        "shared keys held near their limit, not twice over: " + r.overMulti());
    assertTrue(
        r.underRefusedKeys() <= r.underKeys() / 20,
        "keys under their limit refused: " + r.underRefusedKeys() + " of " + r.underKeys());
  }
}
