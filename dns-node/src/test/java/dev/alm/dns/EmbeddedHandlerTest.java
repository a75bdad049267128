package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DatagramPacket;
import io.netty.util.ResourceLeakDetector;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * The UDP and TCP handlers without sockets: queries go in as Netty messages, responses come out,
 * and every buffer on the way (received, and sent once the test has read it) is released.
 */
class EmbeddedHandlerTest {
  private static final InetSocketAddress RESOLVER = new InetSocketAddress("127.0.0.1", 40000);
  private static final InetSocketAddress SERVER = new InetSocketAddress("127.0.0.1", 53);
  private static ResourceLeakDetector.Level before;

  @BeforeAll
  static void paranoid() {
    before = ResourceLeakDetector.getLevel();
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
  }

  @AfterAll
  static void restore() {
    ResourceLeakDetector.setLevel(before);
  }

  private final MicrometerDnsMetrics metrics =
      new MicrometerDnsMetrics(new SimpleMeterRegistry(), "7");

  private AnswerPipeline pipeline() {
    DnsConfig config = TestZones.builder().x(1.0).build();
    ServedZone zone = new ServedZone(config);
    return new AnswerPipeline(
        new QueryAnswerer(config, zone, new RedirectionProbability(1.0), ProbeAnswerer.NONE),
        new ResponseRateLimiter(RrlConfig.OFF),
        metrics,
        null,
        zone.zone().hashCode(),
        System::nanoTime,
        config.cdnTtl());
  }

  private static byte[] query(String name, int type, int id) {
    Message q = Message.newQuery(Record.newRecord(Name.fromConstantString(name), type, DClass.IN));
    q.getHeader().setID(id);
    return q.toWire();
  }

  /** A pooled buffer holding {@code bytes}, as a transport would hand it over. */
  private static ByteBuf pooled(byte[] bytes) {
    return PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
  }

  /** The address of a response's first answer record. */
  private static InetAddress address(Message m) throws Exception {
    return InetAddress.getByName(m.getSection(Section.ANSWER).get(0).rdataToString());
  }

  private static byte[] drain(ByteBuf b) {
    try {
      byte[] out = new byte[b.readableBytes()];
      b.readBytes(out);
      return out;
    } finally {
      assertTrue(b.release(), "the test held the last reference to an outbound buffer");
    }
  }

  @Test
  void udpQueriesGetResponsesToTheSenderAndEveryBufferIsReleased() throws Exception {
    EmbeddedChannel ch = new EmbeddedChannel(new UdpQueryHandler(pipeline()));
    List<ByteBuf> received = new ArrayList<>();
    for (int id = 1; id <= 3; id++) {
      ByteBuf in = pooled(query("www.cdn.example.", id == 2 ? Type.AAAA : Type.A, id));
      received.add(in);
      ch.writeInbound(new DatagramPacket(in, SERVER, RESOLVER));
    }
    for (int id = 1; id <= 3; id++) {
      DatagramPacket out = ch.readOutbound();
      assertNotNull(out, "a response to query " + id);
      assertEquals(RESOLVER, out.recipient(), "sent back to the resolver");
      Message m = new Message(drain(out.content()));
      assertEquals(id, m.getHeader().getID());
      assertTrue(m.getHeader().getFlag(Flags.QR));
      assertEquals(Rcode.NOERROR, m.getRcode());
      assertEquals(Name.fromConstantString("www.cdn.example."), m.getQuestion().getName());
      String expected = id == 2 ? TestZones.L1_V6 : TestZones.L1;
      assertEquals(TestZones.addr(expected), address(m), "x = 1: the anycast address");
    }
    assertNull(ch.readOutbound());

    // a response is dropped, garbage gets FORMERR: both buffers released
    byte[] response = query("www.cdn.example.", Type.A, 9);
    response[2] |= (byte) 0x80;
    ByteBuf dropped = pooled(response);
    ByteBuf garbage = pooled(new byte[] {0, 10, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, (byte) 0xC0, 12});
    received.add(dropped);
    received.add(garbage);
    ch.writeInbound(new DatagramPacket(dropped, SERVER, RESOLVER));
    ch.writeInbound(new DatagramPacket(garbage, SERVER, RESOLVER));
    DatagramPacket formerr = ch.readOutbound();
    Message f = new Message(drain(formerr.content()));
    assertEquals(10, f.getHeader().getID());
    assertEquals(Rcode.FORMERR, f.getRcode());
    assertNull(ch.readOutbound(), "nothing for the response");

    assertFalse(ch.finishAndReleaseAll(), "nothing left unread");
    for (ByteBuf b : received) {
      assertEquals(0, b.refCnt(), "received datagram released");
    }
    assertEquals(
        5, (long) metrics.counts().get("responses") + (long) metrics.counts().get("dropped"));
  }

  /** A channel whose peer has an IP address, as a TCP connection's has. */
  private static EmbeddedChannel tcpChannel(AnswerPipeline pipeline) {
    List<ChannelHandler> handlers = new ArrayList<>(List.of(TcpQueryHandler.framing()));
    handlers.add(new TcpQueryHandler(pipeline));
    return new EmbeddedChannel(handlers.toArray(new ChannelHandler[0])) {
      @Override
      protected SocketAddress remoteAddress0() {
        return RESOLVER;
      }
    };
  }

  private static byte[] framed(byte[]... messages) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] m : messages) {
      out.write(m.length >> 8);
      out.write(m.length);
      out.writeBytes(m);
    }
    return out.toByteArray();
  }

  /** Every response frame written so far, length prefixes checked and removed. */
  private static List<Message> responses(EmbeddedChannel ch) throws Exception {
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      stream.writeBytes(drain(b));
    }
    ByteBuffer in = ByteBuffer.wrap(stream.toByteArray());
    List<Message> out = new ArrayList<>();
    while (in.hasRemaining()) {
      int len = in.getShort() & 0xFFFF;
      byte[] m = new byte[len];
      in.get(m);
      out.add(new Message(m));
    }
    return out;
  }

  @Test
  void tcpFramesSplitOrPipelinedAreAnsweredInOrderAndEveryBufferIsReleased() throws Exception {
    EmbeddedChannel ch = tcpChannel(pipeline());
    List<ByteBuf> received = new ArrayList<>();
    // two queries in one segment, then a third split inside its length prefix and its body
    byte[] two = framed(query("www.cdn.example.", Type.A, 1), query("api.cdn.example.", Type.A, 2));
    byte[] third = framed(query("www.cdn.example.", Type.AAAA, 3));
    ByteBuf[] parts = {
      pooled(two), pooled(new byte[] {third[0]}), pooled(Arrays.copyOfRange(third, 1, 9)),
    };
    for (ByteBuf p : parts) {
      received.add(p);
      ch.writeInbound(p);
    }
    List<Message> got = responses(ch);
    assertEquals(2, got.size(), "the split query waits for its last bytes");
    ByteBuf rest = pooled(Arrays.copyOfRange(third, 9, third.length));
    received.add(rest);
    ch.writeInbound(rest);
    got.addAll(responses(ch));
    assertEquals(3, got.size());
    for (int i = 0; i < 3; i++) {
      assertEquals(i + 1, got.get(i).getHeader().getID(), "answered in order");
      assertEquals(Rcode.NOERROR, got.get(i).getRcode());
    }
    assertEquals(TestZones.addr("192.0.2.7"), address(got.get(1)));
    assertEquals(TestZones.addr(TestZones.L1_V6), address(got.get(2)));
    assertTrue(ch.isOpen());
    assertFalse(ch.finishAndReleaseAll(), "nothing left unread");
    for (ByteBuf b : received) {
      assertEquals(0, b.refCnt(), "received segment released");
    }
  }

  @Test
  void malformedFramesLeaveTheConnectionAnsweringAndLeakNothing() throws Exception {
    EmbeddedChannel ch = tcpChannel(pipeline());
    List<ByteBuf> received = new ArrayList<>();
    byte[] shortFrame = {0, 7, 1, 2, 3};
    byte[] unparseable = {0, 11, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, (byte) 0xC0, 12};
    byte[] good = query("www.cdn.example.", Type.A, 12);
    ByteBuf in = pooled(framed(shortFrame, unparseable, good));
    received.add(in);
    ch.writeInbound(in);
    List<Message> got = responses(ch);
    assertEquals(2, got.size(), "no answer to a frame shorter than a header: " + got);
    assertEquals(11, got.get(0).getHeader().getID());
    assertEquals(Rcode.FORMERR, got.get(0).getRcode());
    assertEquals(12, got.get(1).getHeader().getID());
    assertEquals(Rcode.NOERROR, got.get(1).getRcode(), "the connection still answers");

    // a frame cut off by the peer closing: the decoder's partial bytes are released
    ByteBuf cut = pooled(new byte[] {0, 100, 1, 2, 3});
    received.add(cut);
    ch.writeInbound(cut);
    assertEquals(0, responses(ch).size());
    assertFalse(ch.finishAndReleaseAll(), "nothing left unread");
    for (ByteBuf b : received) {
      assertEquals(0, b.refCnt(), "received segment released");
    }
  }
}
