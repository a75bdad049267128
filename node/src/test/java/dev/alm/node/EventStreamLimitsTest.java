package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /events} on a real admin server on loopback: one client cannot take every stream, a
 * stream whose client does not read is dropped, and a reading one keeps its stream.
 */
class EventStreamLimitsTest {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private AdminServer server;
  private Thread publisher;
  private final AtomicBoolean publishing = new AtomicBoolean(true);

  private InetSocketAddress start(EventStream events) throws Exception {
    AdminEndpoints e =
        AdminEndpoints.builder()
            .status(() -> Map.of("x", 0.5))
            .metrics(registry)
            .events(events)
            .build();
    server = AdminServer.start(new InetSocketAddress("127.0.0.1", 0), e);
    return server.address();
  }

  @AfterEach
  void close() throws Exception {
    publishing.set(false);
    if (publisher != null) {
      publisher.join(10_000);
    }
    if (server != null) {
      server.close();
    }
    registry.close();
  }

  private static String events(InetSocketAddress at) {
    return "GET /events HTTP/1.1\r\nHost: 127.0.0.1:" + at.getPort() + "\r\n\r\n";
  }

  /** A stream that reads everything it is sent, on a thread of its own, until it ends. */
  private static final class Reader implements AutoCloseable {
    final Socket socket = new Socket();
    final AtomicLong bytes = new AtomicLong();
    final AtomicBoolean ended = new AtomicBoolean();
    final String statusLine;

    Reader(String source, InetSocketAddress at) throws IOException {
      socket.bind(new InetSocketAddress(source, 0));
      socket.connect(at, 10_000);
      socket.setSoTimeout(20_000);
      socket.getOutputStream().write(events(at).getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();
      StringBuilder line = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0 && c != '\n') {
        line.append((char) c);
      }
      statusLine = line.toString().trim();
      socket.setSoTimeout(0);
      Thread t =
          new Thread(
              () -> {
                byte[] buf = new byte[64 * 1024];
                try {
                  int r;
                  while ((r = in.read(buf)) >= 0) {
                    bytes.addAndGet(r);
                  }
                } catch (IOException e) {
                  // ended below
                }
                ended.set(true);
              },
              "events-reader");
      t.setDaemon(true);
      t.start();
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  private void publishBigEvents(EventStream events) {
    String big = "{\"pad\":\"" + "x".repeat(64 * 1024) + "\"}";
    publisher =
        new Thread(
            () -> {
              while (publishing.get()) {
                events.publish(big);
                try {
                  Thread.sleep(20);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "events-publisher");
    publisher.setDaemon(true);
    publisher.start();
  }

  private static void await(BooleanSupplier done, long millis) throws InterruptedException {
    long end = System.nanoTime() + millis * 1_000_000;
    while (!done.getAsBoolean() && System.nanoTime() < end) {
      Thread.sleep(50);
    }
  }

  @Test
  void oneClientCannotTakeEveryStreamAndStreamsThatDoNotReadAreDropped() throws Exception {
    EventStream events = new EventStream();
    InetSocketAddress at = start(events);
    try (IdleClients hog = new IdleClients()) {
      hog.open("127.0.0.2", at, 32, events(at));
      // 4 streams per address by default: the other 28 are answered 503 and closed
      assertEquals(28, hog.awaitClosed(28, 15_000), "streams over the per-address cap");
      await(() -> events.open() == 4, 10_000);
      assertEquals(4, events.open());
      try (Reader other = new Reader("127.0.0.3", at)) {
        assertEquals("HTTP/1.1 200 OK", other.statusLine);
        // the hog never reads again: its streams stall and are dropped, the reader keeps its own
        publishBigEvents(events);
        await(() -> events.open() == 1, 60_000);
        assertEquals(1, events.open(), "only the reading stream is left");
        long before = other.bytes.get();
        await(() -> other.bytes.get() > before + 256 * 1024, 20_000);
        assertFalse(other.ended.get(), "the reading stream is still open");
        assertTrue(other.bytes.get() > before, "and still gets events");
        assertEquals(32, hog.awaitClosed(32, 60_000), "the hog's streams were closed");
      }
    }
    String metrics = IdleClients.get("127.0.0.1", at, "/metrics");
    assertTrue(
        metrics.contains("alm_admin_events_refused_total{reason=\"client-cap\"} 28.0"), metrics);
    assertTrue(metrics.contains("alm_admin_events_closed_total{reason=\"stalled\"} 4.0"), metrics);
  }

  @Test
  void theCapInAllIsAboveTheCapPerAddressAndEveryStreamEndsAtItsLifetime() throws Exception {
    EventStream events =
        new EventStream(
            EventStreamLimits.builder()
                .maxStreams(6)
                .maxStreamsPerClient(3)
                .maxLifetime(Duration.ofSeconds(8))
                .build(),
            System::nanoTime);
    InetSocketAddress at = start(events);
    try (IdleClients a = new IdleClients()) {
      a.open("127.0.0.2", at, 5, events(at));
      assertEquals(2, a.awaitClosed(2, 15_000), "over the per-address cap");
      a.open("127.0.0.3", at, 5, events(at));
      assertEquals(4, a.awaitClosed(4, 15_000), "over the cap in all");
      assertEquals(2, events.refused(EventStream.Refusal.TOTAL_CAP));
      assertEquals(2, events.refused(EventStream.Refusal.CLIENT_CAP));
      // every stream ends at its lifetime, read or not; the page's EventSource reconnects
      assertEquals(10, a.awaitClosed(10, 60_000), "closed at the end of their lifetime");
    }
    await(() -> events.closed(EventStream.Close.LIFETIME) == 6, 10_000);
    assertEquals(6, events.closed(EventStream.Close.LIFETIME));
    assertEquals(0, events.open());
    try (Reader again = new Reader("127.0.0.2", at)) {
      assertEquals("HTTP/1.1 200 OK", again.statusLine);
    }
  }
}
