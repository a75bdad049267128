package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * a teardown that leaves no {@code alm-*} namespace, even when the test fails. Runs as root with
 * iproute2 and bird2 (CI); skipped elsewhere.
 */
class LabNetworkTest {
  private static final Path RUN = Path.of("/run/alm-lab-test");

  @AfterAll
  static void nothingLeft() {
    if (LabCheck.missing().isEmpty()) {
      LabNetwork.down(RUN, line -> {});
      assertEquals(List.of(), LabNetwork.namespaces(), "no alm-* namespace is left");
    }
  }

  @Test
  void theSmallestLabBuildsRoutesMeasuresAndTearsDown(@TempDir Path out) throws Exception {
    List<String> missing = LabCheck.missing();
    assumeTrue(missing.isEmpty(), "the lab needs " + String.join(", ", missing));
    long t0 = System.nanoTime();
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    LabSettings s =
        new LabSettings(
            "builtin:lab-mini",
            out.toString(),
            "dual",
            1000,
            20,
            10,
            2,
            50,
            4,
            5,
            0.2,
            0.15,
            2,
            0.3,
            64,
            1,
            0.1,
            0,
            null);
    List<List<dev.alm.cluster.Sample>> intervals = new ArrayList<>();
    LabRun.Result r;
    try (LabNetwork net = LabNetwork.build(LabPlan.of(t), RUN, line -> {})) {
      double converged = net.awaitConvergence(90_000);
      assertTrue(converged >= 0, "BGP converges within 90 s");
      r =
          LabRun.run(
              t, s, Duration.ofSeconds(5), List.of(), net, converged, intervals::add, l -> {});
    }
    assertEquals(List.of(), LabNetwork.namespaces(), "closing the lab removes every namespace");
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
    long served = r.users().values().stream().mapToLong(dev.alm.cluster.UserCounts::ok).sum();
    assertTrue(served > 0, "users were served: " + r.users());
    assertTrue(Files.size(out.resolve("logs").resolve("a.dns.log")) > 0, "the PoP logged queries");
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertTrue(seconds < 120, "built, ran and tore down in " + seconds + " s");
  }
}
