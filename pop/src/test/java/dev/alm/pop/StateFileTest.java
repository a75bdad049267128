package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.dual.PriceState;
import dev.alm.io.AtomicFiles;
import dev.alm.loop.Algorithm;
import dev.alm.loop.Calm;
import dev.alm.loop.DualPrice;
import dev.alm.loop.Estimates;
import dev.alm.loop.GainSchedule;
import dev.alm.loop.LoopState;
import dev.alm.loop.SavedState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
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
        "{\"format\":1,\"pop\":\"b\",\"algorithm\":\"dual\",\"x\":0.3,\"mu\":2,\"boost\":1,\"lastSign\":0,"
            + "\"beta\":null,\"betaStdErr\":null,\"savedAtMillis\":5}");
    SavedState r = new StateFile(p).read(new String[1]).orElseThrow();
    assertEquals(0.9, r.resume(0.9).demand());
    assertEquals(0, r.resume(0.9).calm());
  }

  @Test
  void aCorruptFileIsReportedNotRestored(@TempDir Path dir) throws Exception {
    Path p = dir.resolve("state.json");
    Files.writeString(p, "{\"format\": 1, \"x\": 3}");
    String[] problem = new String[1];
    assertTrue(new StateFile(p).read(problem).isEmpty());
    assertTrue(problem[0].contains("x must be in [0, 1]"), problem[0]);
  }

  private static final String GOOD =
      "{\"format\":1,\"pop\":\"b\",\"algorithm\":\"dual\",\"x\":0.3,\"mu\":2,\"boost\":1,"
          + "\"lastSign\":1,\"beta\":14,\"betaStdErr\":1,\"savedAtMillis\":5,\"demand\":0.5,"
          + "\"calm\":3,\"beaconRate\":100}";

  /** Reads {@code text} as PoP b running the dual: the reason it is refused, or null. */
  private static String verdict(Path dir, String text) throws Exception {
    Path p = dir.resolve("state.json");
    Files.writeString(p, text);
    String[] problem = new String[1];
    Optional<SavedState> r = new StateFile(p).read(problem);
    if (r.isEmpty()) {
      return problem[0] == null ? "no file" : problem[0];
    }
    return StateFile.refusal(r.get(), "b", "dual");
  }

  @Test
  void hostileFilesAreRefusedWithTheirReason(@TempDir Path dir) throws Exception {
    assertEquals(null, verdict(dir, GOOD));
    assertTrue(verdict(dir, GOOD.replace("\"pop\":\"b\"", "\"pop\":\"zz\"")).contains("PoP 'zz'"));
    assertTrue(
        verdict(dir, GOOD.replace("\"algorithm\":\"dual\"", "\"algorithm\":\"greedy\""))
            .contains("greedy loop"));
    assertTrue(verdict(dir, GOOD.replace("\"mu\":2", "\"mu\":1e308")).contains("mu 1.0E308"));
    assertTrue(
        verdict(dir, GOOD.replace("\"mu\":2", "\"mu\":1e999")).contains("mu must be a finite"));
    assertTrue(verdict(dir, GOOD.replace("\"beta\":14", "\"beta\":-50")).contains("beta -50.0"));
    assertTrue(verdict(dir, GOOD.replace("\"lastSign\":1", "\"lastSign\":7")).contains("lastSign"));
    assertTrue(verdict(dir, GOOD.replace("\"calm\":3", "\"calm\":-3")).contains("calm"));
    assertTrue(verdict(dir, GOOD.replace("\"format\":1", "\"format\":2")).contains("format 2"));
    assertTrue(verdict(dir, GOOD.replace("\"format\":1,", "")).contains("format missing"));
    assertTrue(verdict(dir, GOOD.substring(0, 40)).contains("state.json"), "truncated");
    assertTrue(verdict(dir, "").contains("empty or not a JSON object"), "0 bytes");
    assertTrue(verdict(dir, "[1,2]").contains("not a JSON object"));
    assertTrue(verdict(dir, " ".repeat(70_000)).contains("larger than"));
  }

  @Test
  void aHalfWrittenSiblingIsRemoved(@TempDir Path dir) throws Exception {
    Path p = dir.resolve("a.json");
    Path tmp = AtomicFiles.temporarySibling(p);
    Files.writeString(tmp, "");
    assertTrue(StateFile.removeLeftover(p));
    assertTrue(!Files.exists(tmp));
    assertTrue(!StateFile.removeLeftover(p), "nothing left the second time");
  }
}
