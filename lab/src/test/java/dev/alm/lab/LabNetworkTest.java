package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.loadgen.UserCounts;
import dev.alm.loop.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The smallest lab end to end, for real: namespaces, veths, BIRD, BGP convergence, a PoP daemon per
 * PoP namespace, users in the eyeball networks, the ground-truth catchments, control intervals, and
 * a teardown that leaves none of its namespaces, even when the test fails. The lab has a name of
 * its own ({@code t<pid>}), so that the test never collides with, nor removes, a lab running on the
 * same machine. Runs as root with iproute2 and bird2 (CI); skipped elsewhere.
 */
class LabNetworkTest {
  private static final Path RUN = LabNetwork.DEFAULT_RUN_DIR;

  /** This test's own lab: unique among the processes running now. */
  private static final LabName NAME =
      new LabName("t" + Long.toString(ProcessHandle.current().pid() % 60_466_176L, 36));

  @AfterAll
  static void nothingLeft() throws Exception {
    if (LabCheck.missing().isEmpty()) {
      LabTeardown.down(NAME, RUN, line -> {});
      assertEquals(List.of(), LabTeardown.namespaces(NAME), "no " + NAME + "-* namespace is left");
      Path dir = NAME.runDir(RUN);
      if (Files.isDirectory(dir)) {
        try (var files = Files.list(dir)) {
          for (Path f : files.toList()) {
            Files.delete(f); // BIRD's logs
          }
        }
        Files.delete(dir);
      }
    }
  }

  @Test
  void theSmallestLabBuildsRoutesMeasuresAndTearsDown(@TempDir Path out) throws Exception {
    List<String> missing = LabCheck.missing();
    assumeTrue(missing.isEmpty(), "the lab needs " + String.join(", ", missing));
    long t0 = System.nanoTime();
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    LabSettings s = TestSettings.of("builtin:lab-mini", out.toString(), 20, 10, 50, "echo", true);
    List<List<Sample>> intervals = new ArrayList<>();
    LabRun.Result r;
    try (LabNetwork net = LabNetwork.build(LabPlan.of(t, NAME), RUN, line -> {})) {
      assertTrue(
          net.plan().namespaces().stream().allMatch(n -> n.startsWith(NAME + "-")),
          "the lab's namespaces carry its name");
      double converged = net.awaitConvergence(90_000);
      assertTrue(converged >= 0, "BGP converges within 90 s");
      r =
          LabRun.run(
              t, s, Duration.ofSeconds(5), List.of(), net, converged, intervals::add, l -> {});
    }
    assertEquals(List.of(), LabTeardown.namespaces(NAME), "closing the lab removes its namespaces");
    // e1 sits under t1 (PoP a's provider), e2 under t2 (b's) but resolves through r1 under t1
    assertEquals(new LabRun.Catch("a", "a"), r.catchments().get("e1"));
    assertEquals("b", r.catchments().get("e2").http());
    assertEquals("a", r.catchments().get("r1").dns());
    assertEquals(0.5, r.truth().c()[0][0], 1e-9);
    assertEquals(0.5, r.truth().c()[0][1], 1e-9);
    assertEquals(1.0, r.truth().demand()[0], 1e-9);
    assertTrue(!intervals.isEmpty(), "at least one control interval reported by both PoPs");
    assertEquals(2, intervals.get(0).size());
    assertTrue(
        r.samples().stream().anyMatch(x -> x.pop().equals("a") && x.load() > 0),
        "PoP a's proxy served the users routed to it: " + r.samples());
    long served = r.users().values().stream().mapToLong(UserCounts::ok).sum();
    assertTrue(served > 0, "users were served: " + r.users());
    assertTrue(Files.size(out.resolve("logs").resolve("a.dns.log")) > 0, "the PoP logged queries");
    // price echoes over real routing: PoP a's users (e1 at a, e2 behind r1 at b) carry both prices
    // back to a's DNS, so a's echoes come from both proxies
    List<String> status = Files.readAllLines(out.resolve("pops").resolve("a.jsonl"));
    JsonNode last = new ObjectMapper().readTree(status.get(status.size() - 1));
    assertEquals("echo", last.path("betaSource").asText(), last.toString());
    assertTrue(last.path("echoes").path("counted").asLong() > 0, "a counted echoes: " + last);
    assertTrue(
        last.path("echoes").path("byProxy").path("b").asLong() > 0,
        "echoes of b's price reached a's DNS: " + last.path("echoes"));
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertTrue(seconds < 120, "built, ran and tore down in " + seconds + " s");
  }
}
