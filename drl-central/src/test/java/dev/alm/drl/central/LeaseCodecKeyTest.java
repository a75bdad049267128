package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The key request and key answer datagrams: round trips, and refusals that never throw. */
class LeaseCodecKeyTest {

  private static final KeyRing OLD = KeyRing.ofText("old-key-0000000000001");
  private static final KeyRing NEW =
      KeyRing.ofText("new-key-0000000000002", "old-key-0000000000001");

  private static <T> LeaseRefusal refusal(LeaseCodec.Decoded<T> d) {
    return ((LeaseCodec.Refused<T>) d).reason();
  }

  @Test
  void keyRequestsAndAnswersRoundTripUnderTheRing() {
    LeaseCodec.KeyRequest r = new LeaseCodec.KeyRequest(7, 3, 1_700_000_000_000L, -42L, "acme");
    byte[] b = new LeaseCodec(OLD).encode(r);
    assertEquals(57, b.length);
    assertEquals(LeaseCodec.TYPE_KEY_REQUEST, b[3]);
    assertEquals(
        r,
        ((LeaseCodec.Valid<LeaseCodec.KeyRequest>) new LeaseCodec(NEW).decodeKeyRequest(b, 0, 57))
            .message());
    // A key request is not a lease request, and the other way round.
    assertFalse(LeaseCodec.requestShape(b, 0, b.length));
    assertEquals(LeaseRefusal.MALFORMED, refusal(new LeaseCodec(NEW).decodeRequest(b, 0, 57)));
    byte[] lease = new LeaseCodec(NEW).encode(new LeaseCodec.Request(7, 3, 1, 50, "acme"));
    assertFalse(LeaseCodec.keyRequestShape(lease, 0, lease.length));
    for (LeaseCodec.KeyStatus s : LeaseCodec.KeyStatus.values()) {
      LeaseCodec.KeyAnswer a = new LeaseCodec.KeyAnswer(7, 3, Long.MIN_VALUE, 999, s);
      byte[] ab = new LeaseCodec(NEW).encode(a);
      assertEquals(49, ab.length);
      assertEquals(s.ordinal(), ab[32]);
      assertEquals(
          a,
          ((LeaseCodec.Valid<LeaseCodec.KeyAnswer>)
                  new LeaseCodec(NEW).decodeKeyAnswer(ab, 0, ab.length))
              .message());
      // Signed with the new key: a node on the old ring alone refuses it.
      assertEquals(
          LeaseRefusal.BAD_MAC, refusal(new LeaseCodec(OLD).decodeKeyAnswer(ab, 0, ab.length)));
    }
  }

  @Test
  void malformedForgedTruncatedAndOversizeKeyDatagramsAreRefusedNeverThrown() {
    LeaseCodec c = new LeaseCodec(NEW);
    byte[] req = c.encode(new LeaseCodec.KeyRequest(7, 3, 1, 5, "acme"));
    byte[] ans = c.encode(new LeaseCodec.KeyAnswer(7, 3, 5, 10, LeaseCodec.KeyStatus.REFUSED));
    for (byte[] b : new byte[][] {req, ans}) {
      for (int i = 0; i < b.length * 8; i++) {
        byte[] x = b.clone();
        x[i / 8] ^= (byte) (1 << (i % 8));
        assertInstanceOf(LeaseCodec.Refused.class, c.decodeKeyRequest(x, 0, x.length), "bit " + i);
        assertInstanceOf(LeaseCodec.Refused.class, c.decodeKeyAnswer(x, 0, x.length), "bit " + i);
      }
      for (int len = 0; len < b.length; len++) {
        assertInstanceOf(LeaseCodec.Refused.class, c.decodeKeyRequest(b, 0, len));
        assertInstanceOf(LeaseCodec.Refused.class, c.decodeKeyAnswer(b, 0, len));
      }
      byte[] longer = new byte[b.length + 200];
      System.arraycopy(b, 0, longer, 0, b.length);
      assertEquals(LeaseRefusal.MALFORMED, refusal(c.decodeKeyRequest(longer, 0, longer.length)));
      assertEquals(LeaseRefusal.MALFORMED, refusal(c.decodeKeyAnswer(longer, 0, longer.length)));
    }
    // Signed, but a sequence number of 0 or a status no answer has: malformed.
    byte[] zero = c.encode(new LeaseCodec.KeyRequest(7, 0, 1, 5, "acme"));
    assertEquals(LeaseRefusal.MALFORMED, refusal(c.decodeKeyRequest(zero, 0, zero.length)));
    byte[] status = ans.clone();
    status[32] = 9;
    byte[] mac = NEW.sign(status, 0, 33);
    System.arraycopy(mac, 0, status, 33, LeaseCodec.MAC_BYTES);
    assertEquals(LeaseRefusal.MALFORMED, refusal(c.decodeKeyAnswer(status, 0, status.length)));
    Random rnd = new Random(3);
    for (int i = 0; i < 10_000; i++) {
      byte[] x = new byte[rnd.nextInt(200)];
      rnd.nextBytes(x);
      if (x.length > 3) {
        x[0] = (byte) 0xD7;
        x[1] = 0x1B;
        x[2] = 1;
        x[3] = (byte) (3 + (i & 1));
      }
      assertInstanceOf(LeaseCodec.Refused.class, c.decodeKeyRequest(x, 0, x.length));
      assertInstanceOf(LeaseCodec.Refused.class, c.decodeKeyAnswer(x, 0, x.length));
    }
  }

  @Test
  void theLeaseTypesAreUnchanged() {
    byte[] b = new LeaseCodec(OLD).encode(new LeaseCodec.Request(1, 2, 3, 4, "acme"));
    assertEquals(1, b[3]);
    byte[] g = new LeaseCodec(OLD).encode(new LeaseCodec.Grant(1, 2, 3, 4, 5, false, "acme"));
    assertEquals(2, g[3]);
    assertEquals(58, g.length);
    byte[] mac = OLD.sign(b, 0, b.length - LeaseCodec.MAC_BYTES);
    byte[] tail = new byte[LeaseCodec.MAC_BYTES];
    System.arraycopy(b, b.length - LeaseCodec.MAC_BYTES, tail, 0, tail.length);
    byte[] head = new byte[LeaseCodec.MAC_BYTES];
    System.arraycopy(mac, 0, head, 0, head.length);
    assertArrayEquals(head, tail);
    assertTrue(LeaseCodec.requestShape(b, 0, b.length));
  }
}
