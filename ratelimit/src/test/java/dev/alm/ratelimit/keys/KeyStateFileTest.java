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
    // key 3 is shared: a grant counted 5 of its requests at another PoP
    before.admit(3, 100, 20_000);
    before.grant(new KeyGrant(3, 0, 6, 6, 1, 1, 1f), 20_100);
    Path file = dir.resolve("keys.state");
    assertEquals(3, KeyStateFile.save(file, before, 30_000));
    KeyedLimiter after = table();
    KeyStateFile.Loaded l = KeyStateFile.load(file, after, 40_000);
    assertEquals(new KeyStateFile.Restored(3, 10_000), l);
    assertEquals(3, after.reports(40_000).size(), "restored keys report to their homes");
    assertEquals(299, after.admit(1, 1000, 40_500), "this PoP's alone: 700 of 1000 counted before");
    assertEquals(-1, after.admit(2, 10, 40_500), "the key that had its 10 has none left");
    assertEquals(-1, after.admit(3, 100, 40_500), "shared: held until a grant, or a second");
    assertTrue(after.admit(3, 100, 41_500) >= 0, "a second later without a grant: admitted");
  }

  @Test
  void aFileOfTheFirstVersionRestoresEveryKeyAsShared() throws Exception {
    KeyedLimiter before = table();
    for (int i = 0; i < 5; i++) {
      before.admit(1, 10, 10_000);
    }
    Path file = dir.resolve("keys.state");
    KeyStateFile.save(file, before, 10_000);
    byte[] v2 = Files.readAllBytes(file);
    // the same file as version 1 wrote it: no flags byte, its own CRC
    java.io.ByteArrayOutputStream v1 = new java.io.ByteArrayOutputStream();
    v1.write(v2, 0, 4);
    v1.write(new byte[] {0, 0, 0, 1});
    v1.write(v2, 8, 28 + 16); // the header after the version, and the one key without its flags
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(v1.toByteArray());
    int c = (int) crc.getValue();
    v1.write(new byte[] {(byte) (c >>> 24), (byte) (c >>> 16), (byte) (c >>> 8), (byte) c});
    Files.write(file, v1.toByteArray());
    KeyedLimiter after = table();
    assertEquals(new KeyStateFile.Restored(1, 0), KeyStateFile.load(file, after, 10_000));
    assertEquals(-1, after.admit(1, 10, 10_100), "held, as every key was");
    assertEquals(4, after.admit(1, 10, 11_100), "5 of 10 counted before");
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
