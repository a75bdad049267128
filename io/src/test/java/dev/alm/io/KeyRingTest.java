package dev.alm.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyRingTest {

  @TempDir Path dir;

  @Test
  void signIsHmacSha256UnderTheCurrentKey() {
    KeyRing ring = KeyRing.ofText("0123456789abcdef0123");
    byte[] data = "what do ya want for nothing?".getBytes(StandardCharsets.UTF_8);
    assertArrayEquals(jdkHmac("0123456789abcdef0123", data), ring.sign(data));
  }

  @Test
  void verifiesTruncatedMacsUnderEitherKeyAndRefusesOthers() {
    byte[] data = "p1.a.b.1700000000.42".getBytes(StandardCharsets.UTF_8);
    KeyRing old = KeyRing.ofText("old-key-0123456789");
    KeyRing rotated = KeyRing.ofText("new-key-0123456789", "old-key-0123456789");
    byte[] byOld = Arrays.copyOf(old.sign(data), 10);
    assertTrue(rotated.verify(data, byOld));
    assertTrue(rotated.verify(data, Arrays.copyOf(rotated.sign(data), 8)));
    assertFalse(old.verify(data, Arrays.copyOf(rotated.sign(data), 10)));
    byte[] flipped = byOld.clone();
    flipped[3] ^= 1;
    assertFalse(rotated.verify(data, flipped));
    assertFalse(rotated.verify(data, Arrays.copyOf(byOld, 7)), "too short a MAC");
    assertFalse(rotated.verify(data, null));
    byte[] other = "p1.a.b.1700000000.43".getBytes(StandardCharsets.UTF_8);
    assertFalse(rotated.verify(other, byOld));
  }

  @Test
  void loadsCurrentAndPreviousKeysSkippingCommentsAndBlanks() throws Exception {
    Path f = write("# fleet probe key\n\nnew-key-0123456789\nold-key-0123456789\n");
    KeyRing ring = KeyRing.load(f, "--probe-key");
    assertEquals(2, ring.size());
    assertEquals("new-key-0123456789", ring.currentToken());
    assertTrue(ring.matchesToken("old-key-0123456789"));
    assertFalse(ring.matchesToken("old-key-012345678"));
    assertFalse(ring.matchesToken(null));
    assertFalse(ring.toString().contains("key-0123"));
  }

  @Test
  void refusesBadFilesWithOneLineNamingTheFileAndReason() throws Exception {
    InputException shortKey =
        assertThrows(
            InputException.class, () -> KeyRing.load(write("# c\nshort\n"), "--admin-token"));
    assertTrue(shortKey.getMessage().startsWith("--admin-token "), shortKey.getMessage());
    assertTrue(shortKey.getMessage().contains(":line 2: key shorter than 16 bytes"));
    assertTrue(
        assertThrows(InputException.class, () -> KeyRing.load(write("# only\n"), "--k"))
            .getMessage()
            .endsWith("no key in the file"));
    assertTrue(
        assertThrows(
                InputException.class,
                () ->
                    KeyRing.load(
                        write("a123456789abcdefg\nb123456789abcdefg\nc123456789abcdefg\n"), "--k"))
            .getMessage()
            .contains("at most two keys"));
    assertTrue(
        assertThrows(InputException.class, () -> KeyRing.load(dir.resolve("absent"), "--k"))
            .getMessage()
            .endsWith("no such file"));
    Path open = write("a123456789abcdefg\n");
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-rw-rw-"));
    assertTrue(
        assertThrows(InputException.class, () -> KeyRing.load(open, "--k"))
            .getMessage()
            .contains("writable by others"));
    Path binary = dir.resolve("bin");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    assertTrue(
        assertThrows(InputException.class, () -> KeyRing.load(binary, "--k"))
            .getMessage()
            .endsWith("not UTF-8 text"));
  }

  @Test
  void refusesShortKeysAndTooManyInCode() {
    assertThrows(IllegalArgumentException.class, () -> KeyRing.ofText("short"));
    assertThrows(
        IllegalArgumentException.class,
        () -> KeyRing.ofText("a123456789abcdefg", "b123456789abcdefg", "c123456789abcdefg"));
  }

  private Path write(String text) throws Exception {
    Path f = Files.createTempFile(dir, "key", ".txt");
    Files.writeString(f, text);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
    return f;
  }

  private static byte[] jdkHmac(String key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return mac.doFinal(data);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aRingRotatedInPlaceSignsWithTheNewKeyAndAcceptsOnlyTheNewKeys() {
    KeyRing held = KeyRing.ofText("old-key-0123456789abcdef");
    byte[] data = "datagram".getBytes(StandardCharsets.UTF_8);
    byte[] oldMac = held.sign(data);
    held.rotate(KeyRing.ofText("new-key-0123456789abcdef", "old-key-0123456789abcdef"));
    byte[] newMac = held.sign(data);
    assertFalse(Arrays.equals(oldMac, newMac), "signs with the new current key");
    assertTrue(held.verify(data, newMac) && held.verify(data, oldMac), "both during a rotation");
    assertEquals(2, held.size());
    held.rotate(KeyRing.ofText("new-key-0123456789abcdef"));
    assertFalse(held.verify(data, oldMac), "the retired key no longer verifies");
    assertTrue(held.verify(data, newMac));
    assertTrue(held.matchesToken("new-key-0123456789abcdef"));
    assertFalse(held.matchesToken("old-key-0123456789abcdef"));
  }
}
