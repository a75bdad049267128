package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.dual.StepSize;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings file the lab's processes read: what the PoPs' price step divides by. */
class LabSettingsTest {

  private static LabSettings withCurvature(LabSettings s, String curvature) {
    return new LabSettings(
        s.topology(),
        s.out(),
        s.algorithm(),
        s.intervalMillis(),
        s.loadUnit(),
        s.resolverCaches(),
        s.ttl(),
        s.fcBeaconsPerUnit(),
        s.correlationBeacons(),
        s.gamma(),
        s.betaWeight(),
        s.theta(),
        s.greedyGain(),
        s.startX(),
        s.bodyBytes(),
        s.seed(),
        s.planFloor(),
        s.refreshSeconds(),
        s.refreshFrom(),
        s.refreshSettleSeconds(),
        s.refreshMinSamples(),
        s.betaSource(),
        s.withholdC(),
        s.overloadBoost(),
        s.guardLoad(),
        curvature);
  }

  @Test
  void thePriceCurvatureRoundTripsAndDefaultsToTheDiagonal(@TempDir Path dir) throws Exception {
    Files.createDirectories(LabSettings.file(dir).getParent());
    LabSettings base =
        TestSettings.of("builtin:lab-mini", dir.toString(), 50, 10, 40, "echo", true);
    assertEquals(StepSize.Curvature.DIAGONAL, base.loopCurvature(), "a file without the field");
    withCurvature(base, "row").write(dir);
    LabSettings read = LabSettings.read(LabSettings.file(dir));
    assertEquals("row", read.priceCurvature());
    assertEquals(StepSize.Curvature.ROW, read.loopCurvature());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> withCurvature(base, "steep").loopCurvature());
    assertTrue(e.getMessage().contains("row or diagonal"), e.getMessage());
  }
}
