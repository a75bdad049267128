package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.gdrl.ConsensusMessage;
import dev.alm.ratelimit.gossip.GossipUpdate;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PacketCodecTest {

  static final KeyRing OLD = KeyRing.ofText("old-gossip-key-0123456789");
  static final KeyRing NEW = KeyRing.ofText("new-gossip-key-0123456789");
  static final KeyRing ROTATING =
      KeyRing.ofText("new-gossip-key-0123456789", "old-gossip-key-0123456789");

  static GossipPacket packet(int entries) {
    List<CustomerEntry> e = new ArrayList<>();
    for (int i = 0; i < entries; i++) {
      e.add(new CustomerEntry(1000 + i, new GossipUpdate(7 + i, 12.5 * i, 0.25 * i)));
    }
    return new GossipPacket(2, TO, 1_700_000_000_000L, 42, e);
  }

  /** The receiver of {@link #packet}. */
  static final int TO = 3;

  @Test
  void roundTripsAndHasTheDocumentedSize() {
    PacketCodec c = new PacketCodec(NEW);
    byte[] b = c.encode(packet(1));
    assertEquals(71, b.length);
    assertEquals(71 + 25, c.encode(packet(2)).length);
    assertEquals(PacketCodec.VERSION, b[2]);
    assertEquals(TO, ByteBuffer.wrap(b).getInt(8), "receiver id at offset 8");
    PacketCodec.Valid v = assertInstanceOf(PacketCodec.Valid.class, c.decode(b, 0, b.length, TO));
    assertEquals(packet(1), v.packet());
  }

  @Test
  void rotationAcceptsBothKeysAndSignsWithTheCurrentOne() {
    byte[] fromOld = new PacketCodec(OLD).encode(packet(3));
    byte[] fromNew = new PacketCodec(NEW).encode(packet(3));
    PacketCodec rotating = new PacketCodec(ROTATING);
    assertInstanceOf(PacketCodec.Valid.class, rotating.decode(fromOld, 0, fromOld.length, TO));
    assertInstanceOf(PacketCodec.Valid.class, rotating.decode(fromNew, 0, fromNew.length, TO));
    assertArrayEquals(fromNew, rotating.encode(packet(3)));
    // after the rotation the old key alone is refused
    assertEquals(
        new PacketCodec.Refused(RejectReason.BAD_MAC),
        new PacketCodec(NEW).decode(fromOld, 0, fromOld.length, TO));
  }

  @Property(tries = 300)
  void anyFlippedBitIsRefused(
      @ForAll @IntRange(min = 0, max = 3) int entries, @ForAll @IntRange(min = 0) int pick) {
    PacketCodec c = new PacketCodec(NEW);
    byte[] b = c.encode(packet(entries));
    int bit = pick % (b.length * 8);
    b[bit / 8] ^= (byte) (1 << (bit % 8));
    assertInstanceOf(PacketCodec.Refused.class, c.decode(b, 0, b.length, TO));
  }

  @Property(tries = 200)
  void truncatedOrPaddedIsMalformed(@ForAll @IntRange(min = 0, max = 200) int len) {
    PacketCodec c = new PacketCodec(NEW);
    byte[] good = c.encode(packet(2));
    byte[] b = Arrays.copyOf(good, len);
    PacketCodec.Decoded d = c.decode(b, 0, b.length, TO);
    if (len == good.length) {
      assertInstanceOf(PacketCodec.Valid.class, d);
    } else {
      assertEquals(new PacketCodec.Refused(RejectReason.MALFORMED), d);
    }
  }

  @Test
  void signedButNotFiniteValuesAreMalformed() {
    PacketCodec c = new PacketCodec(NEW);
    GossipPacket p =
        new GossipPacket(
            1, TO, 1, 1, List.of(new CustomerEntry(1, new GossipUpdate(1, Double.NaN, 0))));
    byte[] b = c.encode(p);
    assertEquals(new PacketCodec.Refused(RejectReason.MALFORMED), c.decode(b, 0, b.length, TO));
  }

  /** The same genuine bytes verified by any agent but their receiver are refused. */
  @Property(tries = 100)
  void aDatagramForAnotherReceiverIsRefused(
      @ForAll @IntRange(min = 0, max = 3) int entries,
      @ForAll @IntRange(min = 0, max = 100_000) int self) {
    PacketCodec c = new PacketCodec(ROTATING);
    byte[] b = c.encode(packet(entries));
    PacketCodec.Decoded d = c.decode(b, 0, b.length, self);
    if (self == TO) {
      assertInstanceOf(PacketCodec.Valid.class, d);
    } else {
      assertEquals(new PacketCodec.Refused(RejectReason.WRONG_RECEIVER), d);
    }
  }

  @Test
  void rewritingTheReceiverBreaksTheMac() {
    PacketCodec c = new PacketCodec(NEW);
    byte[] b = c.encode(packet(1));
    ByteBuffer.wrap(b).putInt(8, 1);
    assertEquals(new PacketCodec.Refused(RejectReason.BAD_MAC), c.decode(b, 0, b.length, 1));
  }

  @Test
  void consensusMessagesRoundTripNextToGossipUpdates() {
    PacketCodec c = new PacketCodec(NEW);
    GossipPacket p =
        new GossipPacket(
            2,
            TO,
            1,
            9,
            List.of(
                new CustomerEntry(5, new ConsensusMessage(12, -250.5, 333.25, 3, true, 17.75)),
                new CustomerEntry(6, new GossipUpdate(4, 10, 0))));
    byte[] b = c.encode(p);
    assertEquals(30 + 36 + 25 + 16, b.length);
    PacketCodec.Valid v = assertInstanceOf(PacketCodec.Valid.class, c.decode(b, 0, b.length, TO));
    assertEquals(p, v.packet());
  }

  @Test
  void theFormerVersionIsMalformed() {
    PacketCodec c = new PacketCodec(NEW);
    // version 1: magic, version, type, sender, incarnation, sequence, one entry, a valid MAC
    ByteBuffer v1 = ByteBuffer.allocate(26 + 24 + 16);
    v1.putShort(PacketCodec.MAGIC).put((byte) 1).put((byte) 1).putInt(2).putLong(5).putLong(1);
    v1.putShort((short) 1).putInt(1000).putInt(7).putDouble(12.5).putDouble(0);
    byte[] b = v1.array();
    System.arraycopy(NEW.sign(b, 0, b.length - 16), 0, b, b.length - 16, 16);
    for (int self = 0; self < 4; self++) {
      assertEquals(new PacketCodec.Refused(RejectReason.MALFORMED), c.decode(b, 0, b.length, self));
    }
  }
}
