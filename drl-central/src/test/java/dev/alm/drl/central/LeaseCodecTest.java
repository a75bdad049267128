package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.alm.io.KeyRing;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LeaseCodecTest {

  private static final KeyRing OLD = KeyRing.ofText("old-key-0000000000001");
  private static final KeyRing NEW =
      KeyRing.ofText("new-key-0000000000002", "old-key-0000000000001");

  @Test
  void roundTripsAndAcceptsThePreviousKeyDuringRotation() {
    LeaseCodec.Request r = new LeaseCodec.Request(7, 3, 1_700_000_000_000L, 50, "acmé");
    byte[] b = new LeaseCodec(OLD).encode(r);
    assertEquals(37 + 5 + 16, b.length);
    LeaseCodec.Decoded<LeaseCodec.Request> d = new LeaseCodec(NEW).decodeRequest(b, 0, b.length);
    assertEquals(r, ((LeaseCodec.Valid<LeaseCodec.Request>) d).message());
    LeaseCodec.Grant g = new LeaseCodec.Grant(7, 3, 12, 500, 0, false, "acmé");
    byte[] gb = new LeaseCodec(NEW).encode(g);
    assertEquals(
        g,
        ((LeaseCodec.Valid<LeaseCodec.Grant>) new LeaseCodec(NEW).decodeGrant(gb, 0, gb.length))
            .message());
    // Signed with the new key: a node still on the old ring alone refuses it.
    assertEquals(
        LeaseRefusal.BAD_MAC,
        ((LeaseCodec.Refused<LeaseCodec.Grant>) new LeaseCodec(OLD).decodeGrant(gb, 0, gb.length))
            .reason());
  }

  @Test
  void everyFlippedBitOrTruncationIsRefusedNeverThrown() {
    LeaseCodec c = new LeaseCodec(NEW);
    byte[] b = c.encode(new LeaseCodec.Request(7, 3, 1, 50, "acme"));
    for (int i = 0; i < b.length * 8; i++) {
      byte[] x = b.clone();
      x[i / 8] ^= (byte) (1 << (i % 8));
      assertInstanceOf(LeaseCodec.Refused.class, c.decodeRequest(x, 0, x.length), "bit " + i);
    }
    for (int len = 0; len < b.length; len++) {
      assertInstanceOf(LeaseCodec.Refused.class, c.decodeRequest(b, 0, len));
      assertInstanceOf(LeaseCodec.Refused.class, c.decodeGrant(b, 0, len));
    }
    Random rnd = new Random(1);
    for (int i = 0; i < 10_000; i++) {
      byte[] x = new byte[rnd.nextInt(200)];
      rnd.nextBytes(x);
      assertInstanceOf(LeaseCodec.Refused.class, c.decodeRequest(x, 0, x.length));
      assertInstanceOf(LeaseCodec.Refused.class, c.decodeGrant(x, 0, x.length));
    }
  }
}
