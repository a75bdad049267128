package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LabAccessLogsTest {

  @Test
  void aBurstAfterASlowStartIsTheLanesBacklog() {
    double[] bins = new double[120]; // 30 s of 0.25 s bins
    Arrays.fill(bins, 20); // 80 requests/s once the machine keeps up
    Arrays.fill(bins, 0, 32, 10); // half that for the first 8 s
    bins[32] = 200;
    bins[33] = 200;
    double[] w = LabAccessLogs.warmUp(bins);
    // backlog: 2 x (200 - 20) = 360 requests over the 320 sent before it, caught up at 8.25 s
    double f = 320.0 / 680;
    assertEquals(f * 8.25, w[0], 1e-9, "lagAt");
    assertEquals((1 - f) * 8.25, w[1], 1e-9, "lag");
  }

  @Test
  void usersOnScheduleShowNoWarmUp() {
    double[] bins = new double[120];
    Arrays.fill(bins, 20);
    bins[7] = 45; // Poisson noise, not a backlog
    assertArrayEquals(new double[] {0, 0}, LabAccessLogs.warmUp(bins));
  }
}
