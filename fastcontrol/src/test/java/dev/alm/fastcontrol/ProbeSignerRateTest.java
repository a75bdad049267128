package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The rate a probe carries is the rate its signer hands probes out at when it signs it, and its
 * weight kappa over that rate: a rate published after the last interval that lags a ramp of the
 * beacons would make the proxies' sums too large.
 */
class ProbeSignerRateTest {

  private static final long T0 = SignedProbeTest.T0;

  @Test
  void beforeTheWindowHoldsEnoughProbesThePublishedWeightAndRateAreSigned() {
    ProbeSigner s = SignedProbeTest.signer(SignedProbeTest.NEW);
    s.publishWeight(2.0, 100);
    ProbeToken first = s.token("b", "a", T0);
    assertEquals(2.0f, first.weight());
    assertEquals(100f, first.rate());
  }

  @Test
  void aRampIsSignedAtTheRateOfTheLastSecondWithKappaKept() {
    ProbeSigner s = SignedProbeTest.signer(SignedProbeTest.NEW);
    // the loop measured 100 probes/s over its last interval: kappa = 2 x 100 = 200
    s.publishWeight(2.0, 100);
    // the beacons have since doubled: one probe every 2.5 ms, 400 per second
    long start = T0 - Math.floorMod(T0, 100) + 100; // a bucket boundary
    ProbeToken last = null;
    for (int k = 0; k < 400; k++) {
      last = s.token("b", "a", start + k * 5 / 2);
    }
    // at start + 997.5 ms: the nine whole buckets since the first hold 360 probes over 0.9 s
    assertEquals(400, last.rate(), 400 * 0.01);
    assertEquals(200 / 400.0, last.weight(), 0.5 * 0.01);
  }

  @Test
  void noKappaMeansNoWeightWhateverTheRate() {
    ProbeSigner s = SignedProbeTest.signer(SignedProbeTest.NEW);
    s.publishWeight(0, 0);
    ProbeToken last = null;
    for (int k = 0; k < 300; k++) {
      last = s.token("b", "a", T0 + k * 3);
    }
    assertEquals(0f, last.weight());
    assertEquals(0f, last.rate());
  }
}
