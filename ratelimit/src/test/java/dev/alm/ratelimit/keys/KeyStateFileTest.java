package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyStateFileTest {

  private static final KeyWindow HOUR = KeyWindow.parse("1h");

  @TempDir Path dir;

  private static KeyedLimiter table() {
    return new KeyedLimiter(HOUR, KeyShareSettings.DEFAULTS);
  }

  @Test
  void aRestartInTheSameWindowKeepsEveryKeysCount() throws Exception {
    KeyedLimiter before = table();
    for (int i = 0; i < 700; i++) {
      before.admit(1, 1000, 10_000 + i);
    }
    for (int i = 0; i < 12; i++) {
      before.admit(2, 10, 20_000);
    }
    Path file = dir.resolve("keys.state");
    assertEquals(2, KeyStateFile.save(file, before, 30_000));
    KeyedLimiter after = table();
    KeyStateFile.Loaded l = KeyStateFile.load(file, after, 40_000);
    assertEquals(new KeyStateFile.Restored(2, 10_000), l);
    assertEquals(2, after.reports(40_000).size(), "restored keys report to their homes");
    assertEquals(-1, after.admit(1, 1000, 40_500), "held until a grant, or a second");
    assertEquals(299, after.admit(1, 1000, 41_500), "700 of 1000 were counted before");
    assertEquals(-1, after.admit(2, 10, 41_500), "the key that had its 10 has none left");
  }

  @Test
  void aFileOfAnotherWindowRestoresNothing() throws Exception {
    KeyedLimiter before = table();
    before.admit(1, 10, 1_000);
    Path file = dir.resolve("keys.state");
    KeyStateFile.save(file, before, 1_000);
    KeyedLimiter after = table();
    assertInstanceOf(KeyStateFile.Nothing.class, KeyStateFile.load(file, after, 3_600_000));
    assertEquals(0, after.keys());
    assertInstanceOf(
        KeyStateFile.Nothing.class, KeyStateFile.load(dir.resolve("none"), after, 1_000));
  }

  @Test
  void aDamagedFileIsRefusedWholeWithItsReason() throws Exception {
    KeyedLimiter before = table();
    for (long k = 0; k < 50; k++) {
      before.admit(k, 10, 1_000);
    }
    Path file = dir.resolve("keys.state");
    KeyStateFile.save(file, before, 1_000);
    byte[] good = Files.readAllBytes(file);
    byte[] flipped = good.clone();
    flipped[good.length / 2] ^= 1;
    Files.write(file, flipped);
    assertRefused(file, "CRC mismatch");
    Files.write(file, java.util.Arrays.copyOf(good, good.length - 3));
    assertRefused(file, "is not a key state file");
    Files.write(file, "not a state file at all, just text.".getBytes());
    assertRefused(file, "is not a key state file");
    Files.write(file, good);
    KeyedLimiter minutes = new KeyedLimiter(KeyWindow.parse("1m"), KeyShareSettings.DEFAULTS);
    KeyStateFile.Loaded other = KeyStateFile.load(file, minutes, 1_000);
    assertTrue(
        ((KeyStateFile.Refused) other).reason().contains("windows of 3600000 ms"), "" + other);
  }

  private static void assertRefused(Path file, String why) {
    KeyedLimiter t = table();
    KeyStateFile.Loaded l = KeyStateFile.load(file, t, 1_000);
    assertTrue(
        l instanceof KeyStateFile.Refused r && r.reason().contains(why),
        "expected " + why + ": " + l);
    assertEquals(0, t.keys(), "nothing restored from a refused file");
  }
}
