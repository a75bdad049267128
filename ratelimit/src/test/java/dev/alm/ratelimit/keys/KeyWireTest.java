package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class KeyWireTest {

  @Test
  void reportsAndGrantsComeBackAsTheyWent() {
    KeyReport r = new KeyReport(-42L, 70_000, 1000, 3, 700_000, 12.5f, 0.125f, true);
    ByteBuffer b = ByteBuffer.allocate(64);
    KeyWire.write(r, b);
    assertEquals(KeyWire.size(r), b.position());
    b.flip();
    assertEquals(r, KeyWire.readReport(b, 70_001));
    KeyGrant g = new KeyGrant(7, 3, 1, 2, 3, Integer.MAX_VALUE, 99.875f);
    b.clear();
    KeyWire.write(g, b);
    assertEquals(KeyWire.size(g), b.position());
    b.flip();
    assertEquals(g, KeyWire.readGrant(b, 3));
  }

  @Test
  void aSlowKeysReportIsSixteenBytes() {
    assertEquals(16, KeyWire.size(new KeyReport(1, 5, 20, 3, 4, 0.1f, 0.1f, false)));
    assertEquals(15, KeyWire.size(new KeyGrant(1, 5, 10, 12, 3, 4, 0.5f)));
  }

  @Test
  void theWindowIsTheNearestWithItsLowBits() {
    assertEquals(0x1_0000, KeyWire.expand((short) 0, 0xFFFF));
    assertEquals(0xFFFF, KeyWire.expand((short) 0xFFFF, 0x1_0000));
    assertEquals(0x2_1234, KeyWire.expand((short) 0x1234, 0x2_1200));
  }

  @Test
  void hostileEntriesAreRefusedInWords() {
    KeyReport r = new KeyReport(1, 5, 20, 3, 4, 0.1f, 0.1f, false);
    ByteBuffer b = ByteBuffer.allocate(64);
    KeyWire.write(r, b);
    byte[] whole = Arrays.copyOf(b.array(), b.position());
    for (int cut = 0; cut < whole.length; cut++) {
      ByteBuffer part = ByteBuffer.wrap(Arrays.copyOf(whole, cut));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> KeyWire.readReport(part, 5));
      assertEquals("report: truncated", e.getMessage());
    }
    byte[] flags = whole.clone();
    flags[flags.length - 1] = 4;
    assertThrows(
        IllegalArgumentException.class, () -> KeyWire.readReport(ByteBuffer.wrap(flags), 5));
    byte[] longVarint = new byte[16];
    Arrays.fill(longVarint, 10, 16, (byte) 0xFF);
    assertEquals(
        "varint over 5 bytes",
        assertThrows(
                IllegalArgumentException.class,
                () -> KeyWire.readGrant(ByteBuffer.wrap(longVarint), 0))
            .getMessage());
  }
}
