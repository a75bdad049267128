package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A daemon's life: {@code --duration} stops a real daemon listening on loopback and closing it
 * releases its port; a stop from elsewhere ends the wait; a failure to close is reported.
 */
class DaemonLifecycleTest {

  /** A real daemon: a registry and an admin server on a loopback port. */
  private static NodeAdmin daemon() throws InterruptedException {
    NodeAdmin admin = NodeAdmin.create();
    admin.serve(new HostPort("127.0.0.1", 0), routes -> routes.status(() -> Map.of("up", true)));
    return admin;
  }

  private static boolean bindable(int port) throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
      return true;
    } catch (BindException e) {
      return false;
    }
  }

  @Test
  void durationStopsTheDaemonAndReleasesItsPort() throws Exception {
    AtomicReference<NodeAdmin> started = new AtomicReference<>();
    int[] port = new int[1];
    boolean[] heldWhileRunning = new boolean[1];
    DaemonLifecycle.run(
        "alm test",
        DaemonLifecycleTest::daemon,
        d -> {
          started.set(d);
          port[0] = d.address().getPort();
          try {
            heldWhileRunning[0] = !bindable(port[0]);
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        },
        DaemonLifecycle.duration("--duration", "300ms"),
        line -> {
          throw new AssertionError(line);
        });
    assertTrue(heldWhileRunning[0], "the port is the daemon's while it runs");
    assertNull(started.get().address(), "the admin server is closed");
    assertTrue(bindable(port[0]), "port " + port[0] + " is free again");
  }

  @Test
  void aStopFromElsewhereEndsTheWaitOnce() throws Exception {
    NodeAdmin d = daemon();
    int port = d.address().getPort();
    int[] closes = new int[1];
    DaemonLifecycle life =
        DaemonLifecycle.hold(
            "alm test",
            () -> {
              closes[0]++;
              d.close();
            },
            line -> {});
    CompletableFuture<Void> waiting =
        CompletableFuture.runAsync(
            () -> {
              try {
                life.await(null);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    assertFalse(life.stopped());
    life.stop();
    waiting.get(10, TimeUnit.SECONDS);
    life.stop();
    assertEquals(1, closes[0], "closed exactly once");
    assertTrue(life.stopped());
    assertTrue(bindable(port));
  }

  @Test
  void aFailureToCloseIsOneLine() throws Exception {
    List<String> lines = new ArrayList<>();
    DaemonLifecycle.hold(
            "alm test",
            () -> {
              throw new IOException("disk full");
            },
            lines::add)
        .stop();
    assertEquals(List.of("alm test: closing: java.io.IOException: disk full"), lines);
  }

  @Test
  void durationsAreWrittenOneWayEverywhere() throws Exception {
    assertNull(DaemonLifecycle.duration("--duration", null));
    assertEquals(Duration.ofMillis(1500), DaemonLifecycle.duration("--duration", "1.5"));
    assertEquals(Duration.ofSeconds(90), DaemonLifecycle.duration("--duration", "90s"));
    assertEquals(Duration.ofMinutes(2), DaemonLifecycle.duration("--duration", "2m"));
    assertEquals(Duration.ofMillis(500), DaemonLifecycle.duration("--duration", "500ms"));
    assertEquals(Duration.ofHours(1), DaemonLifecycle.duration("--duration", "1h"));
    assertEquals(
        "--duration: must be longer than 0, got '0s'",
        assertThrows(InputException.class, () -> DaemonLifecycle.duration("--duration", "0s"))
            .getMessage());
    assertEquals(
        "--duration: must be longer than 0, got '-5'",
        assertThrows(InputException.class, () -> DaemonLifecycle.duration("--duration", "-5"))
            .getMessage());
    assertTrue(
        assertThrows(InputException.class, () -> DaemonLifecycle.duration("--duration", "soon"))
            .getMessage()
            .startsWith("--duration: expected 500ms, 60s, 2m, 1h or a number of seconds"));
    assertThrows(InputException.class, () -> DaemonLifecycle.duration("--duration", "NaN"));
    assertThrows(InputException.class, () -> DaemonLifecycle.duration("--duration", "400d"));
  }
}
