package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Type;

/**
 * One million hostile messages at the running server's UDP and TCP paths, with Netty's leak
 * detector at PARANOID: no exception escapes a handler, no buffer leaks, and a valid query is still
 * answered afterwards.
 */
class FuzzTest {
  private static final AtomicLong LEAKS = new AtomicLong();
  private static final int UDP_MESSAGES = Integer.getInteger("fuzz.udp", 900_000);
  private static final int TCP_MESSAGES = Integer.getInteger("fuzz.tcp", 100_000);

  @BeforeAll
  static void leakDetector() {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(
        new ResourceLeakDetectorFactory() {
          @Override
          public <T> ResourceLeakDetector<T> newResourceLeakDetector(
              Class<T> resource, int samplingInterval, long maxActive) {
            return new ResourceLeakDetector<T>(resource, samplingInterval) {
              @Override
              protected void reportTracedLeak(String type, String records) {
                LEAKS.incrementAndGet();
                super.reportTracedLeak(type, records);
              }

              @Override
              protected void reportUntracedLeak(String type) {
                LEAKS.incrementAndGet();
                super.reportUntracedLeak(type);
              }
            };
          }
        });
  }

  @Test
  void millionHostileMessagesLeaveTheServerAnsweringAndLeakFree() throws Exception {
    DnsConfig config = TestZones.builder().rrl(RrlConfig.DEFAULTS).build();
    try (DnsNode node = DnsNode.start(config, new SimpleMeterRegistry(), ProbeAnswerer.NONE, 1)) {
      FuzzPackets fuzz = new FuzzPackets(20261122L);
      long[] udp = fuzzUdp(node, fuzz);
      long udpSent = udp[0];
      Map<String, Object> afterUdp = node.status();
      long udpReceived = (long) afterUdp.get("received");
      long udpResponses = (long) afterUdp.get("responses");
      assertTrue(udpReceived <= udpSent, "received " + udpReceived + " of " + udpSent);
      assertTrue(
          udp[1] > 0 && udp[1] <= udpResponses,
          "the client got " + udp[1] + " responses, the server counts " + udpResponses);
      assertEquals(0, udp[2], "responses without QR or shorter than a header");
      long tcpSent = fuzzTcp(node, fuzz);
      assertEquals(
          0L,
          node.status().get("handlerFailures"),
          () -> "an exception escaped a handler: " + node.status().get("lastHandlerFailure"));
      Map<String, Object> status = node.status();
      long received = (long) status.get("received");
      assertTrue(
          received >= 0.95 * (udpSent + tcpSent) && received <= udpSent + tcpSent,
          "the server saw " + received + " of " + (udpSent + tcpSent));
      assertEquals(
          received,
          (long) status.get("responses")
              + (long) status.get("dropped")
              + (long) status.get("rrlDropped"),
          () -> "every message received is answered or counted as dropped: " + status);
      List<org.xbill.DNS.Record> answer =
          DnsProtocolTestSupport.ask(node, "www.cdn.example.", Type.A);
      assertEquals(1, answer.size(), "a valid query is still answered");
    }
    System.gc();
    Thread.sleep(200);
    for (int i = 0; i < 1000; i++) { // allocations poll the leak queue and report
      ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(64);
      b.release();
    }
    assertEquals(0L, LEAKS.get(), "buffers leaked (see the log above)");
    assertTrue(detectorCatchesADeliberateLeak(), "the leak detector is live in this JVM");
  }

  /**
   * Leaks buffers on purpose and waits for the detector to report them, proving the check above can
   * fail.
   */
  private static boolean detectorCatchesADeliberateLeak() throws InterruptedException {
    leakSome();
    for (int attempt = 0; attempt < 100 && LEAKS.get() == 0; attempt++) {
      System.gc();
      Thread.sleep(20);
      PooledByteBufAllocator.DEFAULT.directBuffer(64).release();
    }
    return LEAKS.get() > 0;
  }

  private static void leakSome() {
    for (int i = 0; i < 16; i++) {
      PooledByteBufAllocator.DEFAULT.directBuffer(64 << (i % 4)).writeByte(i); // never released
    }
  }

  /**
   * Sends the UDP messages; returns {messages sent, responses received, responses without QR or
   * shorter than a DNS header}.
   */
  private static long[] fuzzUdp(DnsNode node, FuzzPackets fuzz)
      throws IOException, InterruptedException {
    long sent = 0;
    AtomicLong replies = new AtomicLong();
    AtomicLong bad = new AtomicLong();
    try (DatagramSocket s = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
      s.setReceiveBufferSize(1 << 16);
      Thread drain =
          new Thread(
              () -> {
                byte[] buf = new byte[65535];
                DatagramPacket p = new DatagramPacket(buf, buf.length);
                while (!s.isClosed()) {
                  p.setLength(buf.length);
                  try {
                    s.receive(p);
                  } catch (IOException e) {
                    return;
                  }
                  replies.incrementAndGet();
                  if (p.getLength() < 12 || (buf[2] & 0x80) == 0) {
                    bad.incrementAndGet();
                  }
                }
              });
      drain.setDaemon(true);
      drain.start();
      for (int i = 0; i < UDP_MESSAGES; i++) {
        byte[] m = fuzz.next();
        s.send(new DatagramPacket(m, m.length, node.address()));
        sent++;
        if (sent % 500 == 0) {
          awaitReceived(node, sent);
        }
      }
      awaitReceived(node, sent);
      Thread.sleep(200); // the last responses reach the drain
    }
    return new long[] {sent, replies.get(), bad.get()};
  }

  /** Paces the sender by what the server has taken in, so the socket buffer does not overflow. */
  private static void awaitReceived(DnsNode node, long target) throws InterruptedException {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while ((long) node.status().get("received") < target - 400 && System.nanoTime() < deadline) {
      Thread.sleep(0, 200_000);
    }
  }

  private static long fuzzTcp(DnsNode node, FuzzPackets fuzz) throws IOException {
    long sent = 0;
    while (sent < TCP_MESSAGES) {
      try (Socket s = new Socket(node.address().getAddress(), node.address().getPort())) {
        s.setSoTimeout(5000);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
        InputStream in = s.getInputStream();
        Thread drain =
            new Thread(
                () -> {
                  byte[] buf = new byte[8192];
                  try {
                    while (in.read(buf) >= 0) {
                      // discard responses
                    }
                  } catch (IOException e) {
                    // connection closed by the server after an unparseable message
                  }
                });
        drain.setDaemon(true);
        drain.start();
        try {
          for (int i = 0; i < 2000 && sent < TCP_MESSAGES; i++) {
            byte[] m = fuzz.next();
            out.writeShort(m.length);
            out.write(m);
            sent++;
          }
          out.flush();
          s.shutdownOutput();
        } catch (IOException e) {
          // the server closed the connection mid-stream, as it does on garbage: open another
        }
        try {
          drain.join(10_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return sent;
        }
      }
    }
    return sent;
  }
}
