package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The end-of-run lines of alm cluster and alm lab for settling and recovery. */
class ClusterReportLinesTest {

  @Test
  void coldStart() {
    assertEquals(
        "cold start settled after 15 intervals (5-interval means <= 1.1 T, x within 0.05 of final)",
        ClusterReport.coldStartLine(OptionalInt.of(15)));
    assertEquals("cold start: not settled", ClusterReport.coldStartLine(OptionalInt.empty()));
  }

  @Test
  void recovery() {
    assertEquals(
        "recovery after restart b at 40 s: 3 intervals (5-interval means <= 1.1 T from then to the"
            + " next event or the end)",
        ClusterReport.recoveryLine("restart b at 40 s", OptionalInt.of(3)));
    assertEquals(
        "recovery after flash-end b at 50 s: not recovered (a 5-interval mean above 1.1 T at the"
            + " next event or the end)",
        ClusterReport.recoveryLine("flash-end b at 50 s", OptionalInt.empty()));
  }

  @Test
  void usersBehindTheirScheduleSayWhenAndWhetherItWasTheStart() {
    assertEquals(
        "users fell 16.8 s behind their schedule 20.0 s after the start: this machine did not carry"
            + " the load, so the figures are not the controller's; fewer --beacons or a smaller"
            + " --load-unit",
        ClusterReport.lagLine(16.75, 20).orElseThrow());
    assertEquals(
        "users fell 2.2 s behind their schedule 1.5 s after the start, while the processes warmed"
            + " up; the first intervals' load came late and then at once",
        ClusterReport.lagLine(2.18, 1.5).orElseThrow());
    assertEquals(Optional.empty(), ClusterReport.lagLine(0.02, 20));
    assertEquals(Optional.empty(), ClusterReport.lagLine(Double.NaN, 20));
  }
}
