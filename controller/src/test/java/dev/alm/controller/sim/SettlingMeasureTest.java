package dev.alm.controller.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SettlingMeasureTest {

  private static double[][] constant(int n, int nodes, double v) {
    double[][] out = new double[n][nodes];
    for (double[] row : out) {
      Arrays.fill(row, v);
    }
    return out;
  }

  @Test
  void aRunThatStartsSettledSettlesAtTheFirstInterval() {
    assertEquals(
        1, SettlingMeasure.coldStart(constant(20, 2, 0.8), constant(20, 2, 0.5)).getAsInt());
  }

  @Test
  void anEarlyOverloadDelaysSettlingUntilItsWindowHasPassed() {
    double[][] ratio = constant(30, 2, 0.8);
    ratio[6][1] = 2.0; // one interval at 2 T: the 5-interval mean is 1.04 (under 1.1) ...
    ratio[7][1] = 2.0; // ... two make it 1.28, above, for the windows ending at 7..10
    assertEquals(12, SettlingMeasure.coldStart(ratio, constant(30, 2, 0.5)).getAsInt());
  }

  @Test
  void xFarFromItsFinalValueIsNotSettled() {
    double[][] x = constant(30, 1, 0.5);
    for (int t = 0; t < 10; t++) {
      x[t][0] = 0.9 - 0.04 * t; // reaches 0.54 at t = 9, 0.5 afterwards
    }
    assertEquals(10, SettlingMeasure.coldStart(constant(30, 1, 0.5), x).getAsInt());
  }

  @Test
  void aRunStillMovingAtItsEndHasNotSettled() {
    double[][] x = new double[20][1];
    for (int t = 0; t < 20; t++) {
      x[t][0] = 0.05 * t;
    }
    assertTrue(SettlingMeasure.coldStart(constant(20, 1, 0.5), x).isEmpty());
  }

  @Test
  void theOverloadPartLeavesXAside() {
    double[][] ratio = constant(30, 2, 0.8);
    ratio[6][1] = 2.0;
    ratio[7][1] = 2.0; // windows ending at 7..10 above 1.1: overload over from interval 11
    double[][] x = new double[30][2];
    for (int t = 0; t < 30; t++) {
      x[t][0] = 0.03 * t; // still moving at the end: never settled
    }
    assertEquals(11, SettlingMeasure.overloadFree(ratio).getAsInt());
    assertTrue(SettlingMeasure.coldStart(ratio, x).isEmpty());
    assertEquals(0, SettlingMeasure.overloadFree(constant(30, 2, 0.8)).getAsInt());
    double[][] late = constant(30, 1, 0.8);
    late[28][0] = 2.0;
    late[29][0] = 2.0; // the last window's mean 1.28: still overloaded at the end
    assertTrue(SettlingMeasure.overloadFree(late).isEmpty());
  }

  @Test
  void recoveryCountsIntervalsAfterTheDrill() {
    double[][] ratio = constant(40, 2, 0.9);
    for (int t = 20; t < 24; t++) {
      ratio[t][0] = 1.6;
    }
    // the windows ending at 21..26 hold two or more of the four 1.6s (means 1.18 to 1.46); the one
    // ending at 27 holds one (1.04)
    assertEquals(7, SettlingMeasure.recovery(ratio, 20, 40).getAsInt());
    assertEquals(0, SettlingMeasure.recovery(constant(40, 2, 0.9), 20, 40).getAsInt());
    double[][] stuck = constant(40, 1, 0.9);
    for (int t = 30; t < 40; t++) {
      stuck[t][0] = 1.5;
    }
    assertTrue(SettlingMeasure.recovery(stuck, 20, 40).isEmpty());
  }

  @Test
  void staleMetersDoNotCountAsOverload() {
    double[][] ratio = constant(10, 1, Double.NaN);
    assertEquals(1, SettlingMeasure.coldStart(ratio, constant(10, 1, 0.5)).getAsInt());
  }
}
