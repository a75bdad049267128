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
    return s.toBuilder().priceCurvature(curvature).build();
  }

  @Test
  void theBuilderStartsAtTheNamedDefaultsAndToBuilderKeepsEverySetting() {
    LabSettings d = LabSettings.builder().build();
    assertEquals(LabSettings.DEFAULT_TOPOLOGY, d.topology());
    assertEquals(LabSettings.DEFAULT_INTERVAL_MILLIS, d.intervalMillis());
    assertEquals(LabSettings.DEFAULT_FC_BEACONS_PER_UNIT, d.fcBeaconsPerUnit());
    assertEquals(LabSettings.DEFAULT_REFRESH_FROM, d.refreshFrom());
    assertEquals(0, d.refreshSeconds());
    assertEquals(null, d.betaSource());
    LabSettings s = TestSettings.of("builtin:lab-mini", "/tmp/o", 30, 7, 9, "echo", true);
    assertEquals(s, s.toBuilder().build());
    assertEquals(7, s.resolverCaches());
    assertEquals("echo", s.betaSource());
    assertTrue(s.withholdC());
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
