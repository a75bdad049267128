package dev.alm.app.console;

import dev.alm.node.AdminAccess;
import dev.alm.node.AdminEndpoints;
import dev.alm.node.ConsoleAssets;
import dev.alm.node.EventStream;
import dev.alm.node.HostPort;
import dev.alm.node.NodeAdmin;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The fleet page ({@code alm console}, {@code alm cluster --ui}): an admin-style server on a
 * loopback address serving the page, its assets and {@code /events}, where the fleet document
 * ({@code pops}: id to status, {@code correlation}, {@code marks}, {@code summary}) is published
 * once per interval. {@code /status} answers the same document.
 */
public final class FleetConsole implements AutoCloseable {
  private final NodeAdmin admin;
  private final ScheduledExecutorService timer;
  private final InetSocketAddress address;

  private FleetConsole(NodeAdmin admin, ScheduledExecutorService timer, InetSocketAddress a) {
    this.admin = admin;
    this.timer = timer;
    this.address = a;
  }

  /**
   * Serves the fleet page at {@code at} and publishes {@code document} every {@code interval}.
   *
   * @throws IllegalArgumentException if {@code at} is outside loopback (the page has no token)
   */
  public static FleetConsole start(
      HostPort at, String title, Supplier<Map<String, Object>> document, Duration interval)
      throws InterruptedException {
    NodeAdmin admin = NodeAdmin.create();
    EventStream events = new EventStream();
    ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "alm-console");
              t.setDaemon(true);
              return t;
            });
    try {
      InetSocketAddress a =
          admin.serve(
              at,
              AdminAccess.LOOPBACK_ONLY,
              routes ->
                  routes
                      .status(document)
                      .events(events)
                      .page(() -> ConsoleAssets.fleetPage(title)));
      long period = interval.toNanos();
      timer.scheduleAtFixedRate(
          () -> {
            if (events.listened()) {
              try {
                events.publish(AdminEndpoints.json(document.get()));
              } catch (RuntimeException e) {
                // a PoP that cannot be read shows as such in the next document
              }
            }
          },
          period,
          period,
          TimeUnit.NANOSECONDS);
      return new FleetConsole(admin, timer, a);
    } catch (InterruptedException | RuntimeException e) {
      timer.shutdownNow();
      admin.close();
      throw e;
    }
  }

  /** Where the page is served. */
  public InetSocketAddress address() {
    return address;
  }

  @Override
  public void close() {
    timer.shutdownNow();
    admin.close();
  }
}
