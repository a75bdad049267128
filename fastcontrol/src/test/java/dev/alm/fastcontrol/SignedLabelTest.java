package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The one label layout and MAC input of probe tokens and price echoes. */
class SignedLabelTest {

  private static final byte[] MAC = HexFormat.of().parseHex("0102030405060708090a0b0c0d");

  @Test
  void aLabelReadsBackItsFieldsAndOnlyUnderItsVersion() {
    String label = SignedLabel.encode(2, 0xFFFF_FFFEL, -7L, 1.5f, MAC);
    assertEquals(SignedLabel.LABEL_CHARS, label.length());
    SignedLabel.Fields f = SignedLabel.decode(label.toUpperCase(Locale.ROOT), 2);
    assertEquals(0xFFFF_FFFEL, f.expirySeconds());
    assertEquals(-7L, f.nonce());
    assertEquals(1.5f, f.value());
    assertArrayEquals(MAC, f.mac());
    assertNull(SignedLabel.decode(label, 3), "another format's version");
    assertNull(SignedLabel.decode(label.substring(1), 2), "too short");
  }

  @Test
  void theMacInputIsTagNamesEachEndedByANulThenExpiryNonceAndValue() {
    byte[] in =
        SignedLabel.macInput(
            "tag".getBytes(StandardCharsets.US_ASCII),
            "z.example",
            "a",
            "bc",
            0x01020304L,
            0x1112131415161718L,
            1.0f);
    assertEquals(
        "74616700" // tag
            + "7a2e6578616d706c6500" // z.example
            + "6100" // a
            + "626300" // bc
            + "01020304"
            + "1112131415161718"
            + "3f800000", // 1.0f
        HexFormat.of().formatHex(in));
  }

  @Test
  void probeTokensAndPriceEchoesShareTheLayoutUnderTheirOwnTags() {
    byte[] probe = new ProbeToken(5, 6, 0.5f, new byte[13]).macInput("z", "c", "o");
    byte[] echo = new PriceEcho("c", "o", 5, 6, 0.5f, new byte[13]).macInput("z");
    assertEquals("alm-probe-2", new String(probe, 0, 11, StandardCharsets.US_ASCII));
    assertEquals("alm-echo-1", new String(echo, 0, 10, StandardCharsets.US_ASCII));
    assertArrayEquals(
        Arrays.copyOfRange(probe, 12, probe.length), Arrays.copyOfRange(echo, 11, echo.length));
    // version 3: its own tag, then the same layout followed by the load (2 bytes) and capacity (4)
    byte[] loaded = new PriceEcho("c", "o", 5, 6, 0.5f, 1.25f, 900f, new byte[12]).macInput("z");
    assertEquals("alm-echo-2", new String(loaded, 0, 10, StandardCharsets.US_ASCII));
    assertArrayEquals(
        Arrays.copyOfRange(echo, 11, echo.length),
        Arrays.copyOfRange(loaded, 11, loaded.length - 6));
    assertEquals(
        "04e2" + "44610000", // 1,250 thousandths, 900.0f
        HexFormat.of().formatHex(Arrays.copyOfRange(loaded, loaded.length - 6, loaded.length)));
    // probe version 3: its own tag, then the same layout followed by the hand-out rate (4)
    byte[] rated = new ProbeToken(5, 6, 0.5f, 400f, new byte[14]).macInput("z", "c", "o");
    assertEquals("alm-probe-3", new String(rated, 0, 11, StandardCharsets.US_ASCII));
    assertArrayEquals(
        Arrays.copyOfRange(probe, 12, probe.length),
        Arrays.copyOfRange(rated, 12, rated.length - 4));
    assertEquals(
        "43c80000", // 400.0f
        HexFormat.of().formatHex(Arrays.copyOfRange(rated, rated.length - 4, rated.length)));
  }
}
