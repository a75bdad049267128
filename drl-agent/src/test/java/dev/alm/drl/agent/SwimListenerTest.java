package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.drl.agent.SwimListenerStats.Refusal;
import dev.alm.io.KeyRing;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The SWIM listener against an outsider on real sockets: bound where configured, forged frames
 * counted and never logged, partial, idle and oversized frames closed by deadline and cap, and the
 * members still joining each other through it all.
 */
class SwimListenerTest {

  private static final KeyRing KEYS = KeyRing.ofText("swim-listener-key-0123456789");

  /** Short deadlines, small caps: what the test can exceed quickly. */
  private static final SwimListenerLimits LIMITS =
      new SwimListenerLimits(24, 8, Duration.ofMillis(800), Duration.ofSeconds(3));

  private final AtomicInteger logged = new AtomicInteger();
  private final Handler counter =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          if (r.getLevel().intValue() >= Level.INFO.intValue()) {
            logged.incrementAndGet();
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void countLogs() {
    Logger.getLogger("").addHandler(counter);
  }

  @AfterEach
  void stopCounting() {
    Logger.getLogger("").removeHandler(counter);
  }

  private static SwimMembership member(String host, List<String> seeds) {
    return member(host, seeds, SignedSwimCodec.of(KEYS));
  }

  private static SwimMembership member(String host, List<String> seeds, SignedSwimCodec codec) {
    return new SwimMembership(host, 0, seeds, 200, 3, codec, LIMITS);
  }

  private static int port(SwimMembership m) {
    String a = m.address();
    return Integer.parseInt(a.substring(a.lastIndexOf(':') + 1));
  }

  private static boolean within(Duration d, BooleanSupplier done) throws InterruptedException {
    long end = System.nanoTime() + d.toNanos();
    while (System.nanoTime() < end) {
      if (done.getAsBoolean()) {
        return true;
      }
      Thread.sleep(50);
    }
    return done.getAsBoolean();
  }

  /** Whether the server closed {@code s}: a read returns end of stream or fails. */
  private static boolean closedByServer(Socket s) {
    try {
      s.setSoTimeout(10_000);
      InputStream in = s.getInputStream();
      return in.read() < 0;
    } catch (IOException e) {
      return true;
    }
  }

  @Test
  void theListenerIsBoundToTheConfiguredAddressOnly() throws Exception {
    try (SwimMembership a = member("127.0.0.2", List.of())) {
      a.start(0, new InetSocketAddress("127.0.0.2", 40000), (id, addr, up) -> {});
      assertTrue(a.address().startsWith("127.0.0.2:"), a.address());
      int port = port(a);
      try (Socket ok = new Socket(InetAddress.getByName("127.0.0.2"), port)) {
        assertTrue(ok.isConnected());
      }
      assertThrows(
          ConnectException.class,
          () -> new Socket(InetAddress.getByName("127.0.0.1"), port).close(),
          "nothing listens on the other loopback addresses");
    }
  }

  @Test
  void forgedFramesAreCountedNotLoggedAndMembersStillJoin() throws Exception {
    Set<Integer> seenByA = ConcurrentHashMap.newKeySet();
    SignedSwimCodec codecA = SignedSwimCodec.of(KEYS);
    try (SwimMembership a = member("127.0.0.1", List.of(), codecA)) {
      a.start(0, new InetSocketAddress("127.0.0.1", 40000), (id, addr, up) -> seenByA.add(id));
      int port = port(a);
      int before = logged.get();
      byte[] forged = new byte[41];
      forged[0] = SignedSwimCodec.VERSION;
      int sent = 0;
      for (int i = 0; i < 200; i++) {
        try (Socket s = new Socket(InetAddress.getByName("127.0.0.1"), port);
            DataOutputStream out = new DataOutputStream(s.getOutputStream())) {
          out.writeInt(forged.length);
          out.write(forged);
          out.flush();
          sent++;
          assertTrue(closedByServer(s), "a connection that sent a forged frame is closed");
        }
      }
      try (SwimMembership b = member("127.0.0.3", List.of(a.address()))) {
        b.start(1, new InetSocketAddress("127.0.0.3", 40001), (id, addr, up) -> {});
        assertTrue(within(Duration.ofSeconds(30), () -> seenByA.contains(1)), "b joins a");
      }
      assertEquals(sent, codecA.refused(SignedSwimCodec.Refusal.FORGED), "each counted once");
      assertTrue(
          logged.get() - before < 20,
          "forged frames are counted, not logged: " + (logged.get() - before) + " records");
    }
  }

  @Test
  void partialIdleOversizedAndExcessConnectionsAreClosedAndCounted() throws Exception {
    try (SwimMembership a = member("127.0.0.1", List.of())) {
      a.start(0, new InetSocketAddress("127.0.0.1", 40000), (id, addr, up) -> {});
      int port = port(a);
      InetAddress host = InetAddress.getByName("127.0.0.1");
      List<Socket> held = new ArrayList<>();
      try {
        // one address: per-address cap; a partial frame each (a big length, a little of it)
        for (int i = 0; i < LIMITS.perAddress() + 4; i++) {
          Socket s = new Socket(host, port, InetAddress.getByName("127.0.0.5"), 0);
          held.add(s);
          try {
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(200_000);
            out.write(new byte[1000]);
            out.flush();
          } catch (IOException closedAtTheCap) {
            // a connection over the per-address cap is closed as it is accepted
          }
        }
        assertTrue(
            within(Duration.ofSeconds(10), () -> a.refusedAtCap(true) >= 4),
            "connections over the per-address cap are refused: " + a.refusedAtCap(true));
        // the partial frames miss their deadline and are closed
        for (Socket s : held) {
          assertTrue(closedByServer(s), "a partial frame's connection is closed");
        }
        assertTrue(a.stats().refused(Refusal.DEADLINE) >= LIMITS.perAddress());
        // idle connections (nothing sent) from many addresses: the total cap, then the deadline
        held.clear();
        for (int i = 0; i < LIMITS.maxConnections() + 6; i++) {
          held.add(new Socket(host, port, InetAddress.getByName("127.0.1." + (1 + i % 200)), 0));
        }
        assertTrue(
            within(Duration.ofSeconds(10), () -> a.refusedAtCap(false) >= 6),
            "connections over the total cap are refused: " + a.refusedAtCap(false));
        for (Socket s : held) {
          assertTrue(closedByServer(s), "an idle connection is closed");
        }
        assertTrue(within(Duration.ofSeconds(10), () -> a.openConnections() == 0));
        // a length over the frame limit
        try (Socket s = new Socket(host, port);
            DataOutputStream out = new DataOutputStream(s.getOutputStream())) {
          out.writeInt(SignedSwimCodec.MAX_FRAME_BYTES + 1);
          out.write(new byte[64]);
          out.flush();
          assertTrue(closedByServer(s), "an oversized frame's connection is closed");
        }
        assertTrue(within(Duration.ofSeconds(5), () -> a.stats().refused(Refusal.OVERSIZED) == 1));
      } finally {
        for (Socket s : held) {
          s.close();
        }
      }
    }
  }
}
