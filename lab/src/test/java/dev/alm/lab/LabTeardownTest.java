package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which labs {@code alm lab down --all} finds (no root: it only lists the run directories). */
class LabTeardownTest {

  @Test
  void everyLabIsTheDefaultOneAndEachValidDirectoryInTheRunBase(@TempDir Path base)
      throws Exception {
    assertEquals(List.of(LabName.defaultName()), LabTeardown.labs(base.resolve("none")));
    Files.createDirectories(base.resolve("hx"));
    Files.createDirectories(base.resolve("t1z9"));
    Files.createDirectories(base.resolve("alm"));
    Files.createDirectories(base.resolve("Not-A-Lab"));
    Files.writeString(base.resolve("p1.bird.log"), ""); // a file of the old layout
    assertEquals(
        List.of(new LabName("alm"), new LabName("hx"), new LabName("t1z9")),
        LabTeardown.labs(base));
  }
}
