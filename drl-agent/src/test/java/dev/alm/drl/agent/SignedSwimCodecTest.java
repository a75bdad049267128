package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import io.scalecube.cluster.transport.api.Message;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SignedSwimCodecTest {

  private static final KeyRing KEYS = KeyRing.ofText("swim-test-key-0123456789");
  private static final KeyRing OTHER = KeyRing.ofText("another-fleet-key-0123456789");

  private final AtomicLong clock = new AtomicLong(1_800_000_000_000L);

  private SignedSwimCodec codec(KeyRing keys) {
    return new SignedSwimCodec(keys, clock::get, 30_000);
  }

  private static byte[] frame(SignedSwimCodec codec, Message m) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    codec.serialize(m, out);
    return out.toByteArray();
  }

  private static InputStream in(byte[] b) {
    return new ByteArrayInputStream(b);
  }

  @Test
  void aSignedMessageRoundTrips() throws Exception {
    SignedSwimCodec c = codec(KEYS);
    Message m =
        Message.builder()
            .qualifier("sc/fdetector/ping")
            .header("k", "v")
            .data(new ArrayList<>(List.of("a", "b")))
            .build();
    Message back = c.deserialize(in(frame(c, m)));
    assertEquals("sc/fdetector/ping", back.qualifier());
    assertEquals("v", back.header("k"));
    assertEquals(List.of("a", "b"), back.data());
    assertEquals(1, c.accepted());
  }

  @Test
  void thePreviousKeyIsAcceptedDuringRotation() throws Exception {
    byte[] f = frame(codec(KEYS), Message.fromQualifier("q"));
    KeyRing rotated = KeyRing.ofText("the-new-key-0123456789abc", "swim-test-key-0123456789");
    assertEquals("q", codec(rotated).deserialize(in(f)).qualifier());
  }

  @Test
  void aFrameSignedWithAnotherKeyIsRefusedAndCounted() throws Exception {
    byte[] f = frame(codec(OTHER), Message.fromQualifier("q"));
    SignedSwimCodec c = codec(KEYS);
    assertThrows(IOException.class, () -> c.deserialize(in(f)));
    assertEquals(1, c.refused(SignedSwimCodec.Refusal.FORGED));
    assertEquals(0, c.accepted());
  }

  @Test
  void aTamperedPayloadIsForged() throws Exception {
    SignedSwimCodec c = codec(KEYS);
    byte[] f = frame(c, Message.fromQualifier("qualifier"));
    f[f.length - 3] ^= 1;
    assertThrows(IOException.class, () -> c.deserialize(in(f)));
    assertEquals(1, c.refused(SignedSwimCodec.Refusal.FORGED));
  }

  @Test
  void anOldFrameIsStale() throws Exception {
    SignedSwimCodec c = codec(KEYS);
    byte[] f = frame(c, Message.fromQualifier("q"));
    clock.addAndGet(31_000);
    assertThrows(IOException.class, () -> c.deserialize(in(f)));
    assertEquals(1, c.refused(SignedSwimCodec.Refusal.STALE));
  }

  @Test
  void shortOrForeignFramesAreMalformed() throws Exception {
    SignedSwimCodec c = codec(KEYS);
    assertThrows(IOException.class, () -> c.deserialize(in(new byte[3])));
    byte[] f = frame(c, Message.fromQualifier("q"));
    f[0] = 2;
    assertThrows(IOException.class, () -> c.deserialize(in(f)));
    assertEquals(2, c.refused(SignedSwimCodec.Refusal.MALFORMED));
  }

  @Test
  void aSignedPayloadWithAClassOutsideTheAllowListIsNotDeserialised() throws Exception {
    SignedSwimCodec c = codec(KEYS);
    byte[] f = frame(c, Message.withData(new File("/etc/passwd")).build());
    assertThrows(IOException.class, () -> c.deserialize(in(f)));
    assertEquals(1, c.refused(SignedSwimCodec.Refusal.FILTERED));
  }

  @Test
  void theSignatureCoversTheTime() throws Exception {
    SignedSwimCodec c = codec(KEYS);
    byte[] f = frame(c, Message.fromQualifier("q"));
    byte[] g = f.clone();
    g[8] ^= 1; // the time's last byte: one millisecond off, same payload
    assertThrows(IOException.class, () -> c.deserialize(in(g)));
    assertEquals(1, c.refused(SignedSwimCodec.Refusal.FORGED));
    assertArrayEquals(
        Message.fromQualifier("q").qualifier().getBytes(StandardCharsets.UTF_8),
        c.deserialize(in(f)).qualifier().getBytes(StandardCharsets.UTF_8));
  }

  /** Real ScaleCube members on loopback: same key joins; another key and junk are refused. */
  @Test
  void membersWithTheKeyJoinAndOthersAreRefused() throws Exception {
    SignedSwimCodec codecA = SignedSwimCodec.of(KEYS);
    Set<Integer> seenByA = ConcurrentHashMap.newKeySet();
    Set<Integer> seenByC = ConcurrentHashMap.newKeySet();
    try (SwimMembership a = SwimMembership.of("127.0.0.1", 0, List.of(), codecA)) {
      a.start(0, new InetSocketAddress("127.0.0.1", 40000), (id, addr, up) -> seenByA.add(id));
      String seed = a.address();
      try (SwimMembership b =
              SwimMembership.of("127.0.0.1", 0, List.of(seed), SignedSwimCodec.of(KEYS));
          SwimMembership c =
              SwimMembership.of("127.0.0.1", 0, List.of(seed), SignedSwimCodec.of(OTHER))) {
        b.start(1, new InetSocketAddress("127.0.0.1", 40001), (id, addr, up) -> {});
        c.start(2, new InetSocketAddress("127.0.0.1", 40002), (id, addr, up) -> seenByC.add(id));
        // junk with a valid length prefix straight at a's port
        String[] hp = seed.split(":");
        try (Socket s = new Socket(hp[0], Integer.parseInt(hp[1]));
            DataOutputStream out = new DataOutputStream(s.getOutputStream())) {
          byte[] junk =
              "\u00ac\u00ed\u0000\u0005not a signed frame at all"
                  .getBytes(StandardCharsets.ISO_8859_1);
          out.writeInt(junk.length);
          out.write(junk);
          out.flush();
          long deadline = System.nanoTime() + 30_000_000_000L;
          while (System.nanoTime() < deadline
              && (!seenByA.contains(1)
                  || codecA.refused(SignedSwimCodec.Refusal.FORGED) == 0
                  || codecA.refused(SignedSwimCodec.Refusal.MALFORMED) == 0)) {
            Thread.sleep(100);
          }
        }
        assertTrue(seenByA.contains(1), "a member with the fleet's key joins");
        assertTrue(!seenByA.contains(2), "a member with another key is never seen: " + seenByA);
        assertTrue(seenByC.isEmpty(), "the foreign member hears of nobody: " + seenByC);
        assertTrue(codecA.refused(SignedSwimCodec.Refusal.FORGED) > 0, "the foreign frames");
        assertTrue(codecA.refused(SignedSwimCodec.Refusal.MALFORMED) > 0, "the junk frame");
        assertTrue(codecA.accepted() > 0);
      }
    }
  }
}
