package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A reload changes the admission ceiling and burst of a running proxy (docs/pop/reload.md,
 * "Reload"): the bucket keeps its share of tokens, and from then on admits at the new rate.
 */
class AdmissionControlReconfigureTest {

  private static int admitted(AdmissionControl a, int tries) {
    int n = 0;
    for (int i = 0; i < tries; i++) {
      n += a.tryAdmit() == Admission.ADMITTED ? 1 : 0;
    }
    return n;
  }

  @Test
  void aNewCeilingAndBurstApplyToTheNextRequests() {
    AtomicLong now = new AtomicLong(1_000_000_000L);
    AdmissionControl a = new AdmissionControl(100, 0.1, now::get);
    assertEquals(10, admitted(a, 50), "a burst of 0.1 s of 100/s");
    now.addAndGet(1_000_000_000L);
    assertEquals(10, admitted(a, 50), "refilled to the burst, no more");

    a.reconfigure(1000, 0.5);
    assertEquals(1000, a.ceiling());
    assertEquals(0, admitted(a, 50), "an empty bucket stays empty: no free burst");
    now.addAndGet(1_000_000_000L);
    assertEquals(500, admitted(a, 2000), "then 0.5 s of 1000/s");
    now.addAndGet(100_000_000L);
    assertEquals(100, admitted(a, 2000), "refilling at 1000/s");
  }
}
