package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.keys.KeyGrant;
import dev.alm.ratelimit.keys.KeyReport;
import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedLimiter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile key-sharing datagrams into {@link KeySharing#onDatagram}
 * (docs/ratelimit/keys-hostile.md): forged, truncated, replayed, for another receiver, from a bad
 * sender, with unknown kinds, long or large varints, garbage after the entries under a valid MAC,
 * random bytes: each refused and counted by its reason, nothing of it applied, no exception
 * escapes; entries of a customer nobody knows are counted and dropped.
 */
class KeySharingHostileTest {

  private static final KeyRing RING = KeyRing.ofText("the-fleet-gossip-key-0123456789");
  private static final KeyRing WRONG = KeyRing.ofText("somebody-elses-key-0123456789ab");
  private static final KeyWindow MINUTE = KeyWindow.parse("1m");
  private static final long NOW = 1_700_000_000_000L;
  private static final long HELD = 0x1234_5678_9ABC_DEF0L;

  private KeyedLimiter limiter;
  private KeySharing sharing;
  private KeyedCustomer customer;
  private long seq;

  /** The keys the home holds after the first round: this PoP's own report of its key. */
  private long homeKeys;

  @BeforeEach
  void setUp() {
    limiter = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS);
    customer = new KeyedCustomer("api", limiter);
    sharing = new KeySharing(0, 3, RING, 1, () -> List.of(customer));
    limiter.admit(HELD, 10, NOW);
    sharing.round(NOW);
    homeKeys = (Long) sharing.status().get("homeKeys");
  }

  private int window() {
    return (int) MINUTE.id(NOW);
  }

  private KeyPacketCodec.Entry grant() {
    return new KeyPacketCodec.Entry(
        customer.key(), null, new KeyGrant(HELD, window(), 5, 5, 1, 1, 2f));
  }

  private KeyPacketCodec.Entry report(long key) {
    return new KeyPacketCodec.Entry(
        customer.key(), new KeyReport(key, window(), 10, 3, 3, 1f, 1f, true), null);
  }

  private byte[] valid(KeyRing ring, int sender, int receiver, KeyPacketCodec.Entry... entries) {
    return new KeyPacketCodec(ring).encode(sender, receiver, 7, ++seq, List.of(entries));
  }

  /** A datagram of the fleet's key from agent 1 to agent 0 whose entry bytes are {@code raw}. */
  private byte[] signed(int entries, byte[] raw) {
    int len = PacketCodec.HEADER_BYTES + raw.length + PacketCodec.MAC_BYTES;
    byte[] out = new byte[len];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(PacketCodec.MAGIC).put(PacketCodec.VERSION).put(KeyPacketCodec.TYPE_KEYS);
    b.putInt(1).putInt(0).putLong(7).putLong(++seq).putShort((short) entries).put(raw);
    int body = len - PacketCodec.MAC_BYTES;
    System.arraycopy(RING.sign(out, 0, body), 0, out, body, PacketCodec.MAC_BYTES);
    return out;
  }

  /** A report entry's bytes with {@code varint} in place of its limit. */
  private byte[] reportWithLimit(byte... varint) {
    ByteBuffer b = ByteBuffer.allocate(64);
    b.putInt(customer.key()).put((byte) 1).putLong(HELD).putShort((short) window()).put(varint);
    b.put(new byte[] {1, 1, 1, 1, 0});
    return Arrays.copyOf(b.array(), b.position());
  }

  private RejectReason send(byte[] d) {
    return sharing.onDatagram(d, 0, d.length, NOW);
  }

  @SuppressWarnings("unchecked")
  private long rejected(RejectReason r) {
    return ((Map<String, Long>) sharing.status().get("rejected")).get(r.label());
  }

  private long accepted() {
    return (Long) sharing.status().get("accepted");
  }

  private void nothingApplied() {
    assertEquals(0, limiter.sharedKeys(), "no grant taken");
    assertEquals(0, limiter.staleGrants(), "no grant even looked at");
    sharing.round(NOW);
    assertEquals(homeKeys, sharing.status().get("homeKeys"), "no report taken");
  }

  @Test
  void aValidDatagramIsTakenSoTheOthersShowSomething() {
    assertNull(send(valid(RING, 1, 0, grant(), report(HELD + 7))));
    assertEquals(1, limiter.sharedKeys());
    sharing.round(NOW);
    assertEquals(homeKeys + 1, sharing.status().get("homeKeys"));
  }

  @Test
  void forgedWrongReceiverBadSenderAndReplayedAreRefusedByReason() {
    assertEquals(RejectReason.BAD_MAC, send(valid(WRONG, 1, 0, grant(), report(HELD))));
    assertEquals(RejectReason.WRONG_RECEIVER, send(valid(RING, 1, 2, grant(), report(HELD))));
    assertEquals(RejectReason.BAD_SENDER, send(valid(RING, 0, 0, grant())));
    assertEquals(RejectReason.BAD_SENDER, send(valid(RING, 3, 0, grant())));
    assertEquals(RejectReason.BAD_SENDER, send(valid(RING, -1, 0, grant())));
    assertEquals(1, rejected(RejectReason.BAD_MAC));
    assertEquals(1, rejected(RejectReason.WRONG_RECEIVER));
    assertEquals(3, rejected(RejectReason.BAD_SENDER));
    nothingApplied();
    // a genuine one, then the same bytes again: a replay; an older one not yet seen is taken
    // (datagrams arrive out of order), but only once
    byte[] older = valid(RING, 1, 0, report(HELD + 1));
    byte[] d = valid(RING, 1, 0, report(HELD));
    assertNull(send(d));
    long shared = limiter.sharedKeys();
    assertEquals(RejectReason.REPLAY, send(d));
    assertNull(send(older));
    assertEquals(RejectReason.REPLAY, send(older.clone()));
    assertEquals(2, rejected(RejectReason.REPLAY));
    assertEquals(2, accepted());
    assertEquals(shared, limiter.sharedKeys());
  }

  @Test
  void everyTruncationIsRefused() {
    byte[] d = valid(RING, 1, 0, grant(), report(HELD), report(HELD + 1));
    long refused = 0;
    for (int len = 0; len < d.length; len++) {
      RejectReason r = sharing.onDatagram(Arrays.copyOf(d, len), 0, len, NOW);
      assertNotNull(r, "refused at " + len);
      assertTrue(r == RejectReason.MALFORMED || r == RejectReason.BAD_MAC, r + " at " + len);
      refused++;
    }
    assertEquals(refused, rejected(RejectReason.MALFORMED) + rejected(RejectReason.BAD_MAC));
    nothingApplied();
    // and a datagram longer than a payload
    byte[] big = Arrays.copyOf(d, PacketCodec.MAX_PAYLOAD + 1);
    assertEquals(RejectReason.MALFORMED, send(big));
  }

  @Test
  void signedButMalformedEntriesAreRefusedWhole() {
    byte[] good = reportWithLimit((byte) 10);
    byte[] unknownKind = good.clone();
    unknownKind[4] = 3;
    byte[] kindZero = good.clone();
    kindZero[4] = 0;
    byte[][] hostile = {
      // a good report first, so nothing of a datagram counts if one entry is bad
      concat(good, unknownKind),
      concat(good, kindZero),
      concat(
          good,
          reportWithLimit(
              (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x01)),
      concat(
          good, reportWithLimit((byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x08)),
      concat(
          good, reportWithLimit((byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x0F)),
      concat(good, new byte[] {0x66, 0x6F, 0x6F}),
      concat(good, new byte[] {0}),
    };
    int[] entries = {2, 2, 2, 2, 2, 1, 1};
    for (int i = 0; i < hostile.length; i++) {
      assertEquals(RejectReason.MALFORMED, send(signed(entries[i], hostile[i])), "case " + i);
    }
    // flags other than shared, an entry count past the bytes
    byte[] flags = good.clone();
    flags[flags.length - 1] = 2;
    assertEquals(RejectReason.MALFORMED, send(signed(1, flags)));
    assertEquals(RejectReason.MALFORMED, send(signed(0xFFFF, good)));
    assertEquals(RejectReason.MALFORMED, send(signed(0, good)), "bytes after no entries");
    assertEquals(hostile.length + 3, rejected(RejectReason.MALFORMED));
    assertEquals(0, accepted());
    nothingApplied();
    // the same good entry alone is taken
    assertNull(send(signed(1, good)));
  }

  @Test
  void entriesOfACustomerNobodyKnowsAreCountedAndDropped() {
    KeyPacketCodec.Entry stranger =
        new KeyPacketCodec.Entry(
            customer.key() + 1, null, new KeyGrant(HELD, window(), 5, 5, 1, 1, 2f));
    KeyPacketCodec.Entry strangerReport =
        new KeyPacketCodec.Entry(
            customer.key() + 1, new KeyReport(HELD, window(), 10, 3, 3, 1f, 1f, true), null);
    assertNull(send(valid(RING, 2, 0, stranger, strangerReport)));
    assertEquals(2L, sharing.status().get("unknownCustomerEntries"));
    nothingApplied();
  }

  @Test
  void randomBytesAndSignedRandomEntriesNeverThrow() {
    SplittableRandom random = new SplittableRandom(11);
    int refused = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] d = new byte[random.nextInt(PacketCodec.MAX_PAYLOAD + 64)];
      random.nextBytes(d);
      if (i % 2 == 0 && d.length > 4) {
        d[0] = (byte) (PacketCodec.MAGIC >> 8);
        d[1] = (byte) PacketCodec.MAGIC;
        d[2] = PacketCodec.VERSION;
        d[3] = KeyPacketCodec.TYPE_KEYS;
      }
      if (send(d) != null) {
        refused++;
      }
    }
    assertEquals(20_000, refused, "no forged datagram is taken");
    nothingApplied();
    // under the fleet's MAC, random entries: refused as malformed or taken, never an exception
    long before = rejected(RejectReason.MALFORMED) + accepted();
    for (int i = 0; i < 20_000; i++) {
      byte[] raw = new byte[random.nextInt(200)];
      random.nextBytes(raw);
      send(signed(random.nextInt(8), raw));
    }
    assertEquals(before + 20_000, rejected(RejectReason.MALFORMED) + accepted());
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
