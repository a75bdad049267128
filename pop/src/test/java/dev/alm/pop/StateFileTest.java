package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.dual.PriceState;
import dev.alm.loop.Algorithm;
import dev.alm.loop.Calm;
import dev.alm.loop.DualPrice;
import dev.alm.loop.Estimates;
import dev.alm.loop.GainSchedule;
import dev.alm.loop.LoopState;
import dev.alm.loop.SavedState;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFileTest {

  @Test
  void roundTripAndFreshness(@TempDir Path dir) throws Exception {
    StateFile f = new StateFile(dir.resolve("state.json"));
    LoopState s =
        LoopState.initial(0.4, 0, 1)
            .withDual(new DualPrice(new PriceState(7.5, 2, 1), 0.5, Double.NaN))
            .withEstimates(new Estimates(null, 1.7, 0.6))
            .withGains(new GainSchedule(Calm.of(42), new Calm(50, 1, 2, 7), Calm.of(43)));
    f.write(SavedState.of("b", Algorithm.DUAL, s, 1_000_000, 2400));
    String[] problem = new String[1];
    SavedState r = f.read(problem).orElseThrow();
    assertEquals(0.4, r.x());
    assertEquals(7.5, r.mu());
    assertTrue(r.freshAt(1_000_000 + 60_000, 300_000));
    assertTrue(!r.freshAt(1_000_000 + 600_000, 300_000));
    assertEquals(7.5, r.resume(1).mu());
    assertEquals(1.7, r.resume(1).demand(), "the demand estimate is restored, not the prior");
    assertEquals(42, r.resume(1).calm(), "the gain schedule resumes where it was");
    assertEquals(2400, r.beaconRate(), "the beacon rate seeds the restarted probe answerer");
  }

  @Test
  void aFileWithoutDemandOrCalmResumesFromThePrior(@TempDir Path dir) throws Exception {
    Path p = dir.resolve("state.json");
    Files.writeString(
        p,
        "{\"pop\":\"b\",\"algorithm\":\"dual\",\"x\":0.3,\"mu\":2,\"boost\":1,\"lastSign\":0,"
            + "\"beta\":null,\"betaStdErr\":null,\"savedAtMillis\":5}");
    SavedState r = new StateFile(p).read(new String[1]).orElseThrow();
    assertEquals(0.9, r.resume(0.9).demand());
    assertEquals(0, r.resume(0.9).calm());
  }

  @Test
  void aCorruptFileIsReportedNotRestored(@TempDir Path dir) throws Exception {
    Path p = dir.resolve("state.json");
    Files.writeString(p, "{\"x\": 3}");
    String[] problem = new String[1];
    assertTrue(new StateFile(p).read(problem).isEmpty());
    assertTrue(problem[0].contains("x must be in [0, 1]"), problem[0]);
  }
}
