package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failure drills through real sockets on paper-fig2: a PoP restarted mid-run comes back on the
 * same addresses with the x and mu it had, and a PoP whose proxy is killed keeps answering DNS with
 * the safe x.
 */
class ClusterDrillTest {

  @Test
  void aRestartRestoresTheStateAndAKilledProxyFallsBackToTheSafeX(@TempDir Path dir)
      throws Exception {
    ClusterConfig c =
        Fig2Cluster.builder(Algorithm.DUAL, Duration.ofSeconds(20))
            .drills(
                List.of(
                    new Drill(Drill.Kind.RESTART, "b", 8),
                    new Drill(Drill.Kind.KILL_PROXY, "a", 13)))
            .stateDir(dir)
            .build();
    List<String> log = new ArrayList<>();
    ClusterRun run = Cluster.run(c, interval -> {}, log::add);

    assertEquals(2, run.drills().size());
    DrillOutcome restart = run.drills().get(0);
    assertEquals(Drill.Kind.RESTART, restart.drill().kind());
    assertEquals(restart.xBefore(), restart.xAfter(), 1e-12, "x restored from the state file");
    assertEquals(restart.muBefore(), restart.muAfter(), 1e-12, "mu restored from the state file");
    assertTrue(
        log.stream().anyMatch(l -> l.startsWith("pop b: restored x = ")), String.join("\n", log));
    assertTrue(Files.exists(dir.resolve("b.json")), "every PoP persists its state");
    assertTrue(
        run.samples().stream().anyMatch(s -> s.pop().equals("b") && s.t() > 10 && s.load() > 0),
        "the restarted proxy serves on its old address");

    ClusterSummary summary = ClusterSummary.of(run);
    ClusterSummary.DrillFigures kill = summary.drills().get(1);
    assertEquals(Drill.Kind.KILL_PROXY, kill.outcome().drill().kind());
    assertTrue(kill.fallbackSeconds() <= 3, "a's loop sees its meter stale: " + kill);
    assertEquals(LoopConfig.DEFAULT_SAFE_X, kill.fallbackX(), 1e-12);
    Sample lastA =
        run.samples().stream().filter(s -> s.pop().equals("a")).reduce((p, q) -> q).orElseThrow();
    assertEquals("fallback", lastA.mode());
    assertEquals(LoopConfig.DEFAULT_SAFE_X, lastA.x(), 1e-12);
  }
}
