package dev.alm.node;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A daemon's Micrometer registry and its admin server, owned together: every daemon (the DNS node,
 * the proxy, the PoP) creates one, registers its meters in {@link #registry()}, then {@link
 * #serve}s its endpoints at the configured address, and closes it last. {@code /metrics} is always
 * this registry.
 */
public final class NodeAdmin implements AutoCloseable {
  private final PrometheusMeterRegistry registry;
  private final boolean ownsRegistry;
  private volatile AdminServer server;

  private NodeAdmin(PrometheusMeterRegistry registry, boolean ownsRegistry) {
    this.registry = registry;
    this.ownsRegistry = ownsRegistry;
  }

  /** A new registry, closed with this. */
  public static NodeAdmin create() {
    return new NodeAdmin(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), true);
  }

  /**
   * Admin of a part that reports into its host daemon's registry (the proxy inside a PoP): the
   * registry is not closed with this.
   */
  public static NodeAdmin sharing(PrometheusMeterRegistry registry) {
    if (registry == null) {
      throw new IllegalArgumentException("registry is required");
    }
    return new NodeAdmin(registry, false);
  }

  public PrometheusMeterRegistry registry() {
    return registry;
  }

  /**
   * Starts the admin server at {@code address} with this registry's {@code /metrics} and the routes
   * {@code routes} adds (at least the status); nothing when {@code address} is null.
   *
   * @return the bound address, or null
   * @throws InterruptedException if interrupted while binding
   * @throws IllegalStateException if already serving
   */
  public InetSocketAddress serve(HostPort address, Consumer<AdminEndpoints.Builder> routes)
      throws InterruptedException {
    return serve(address, AdminAccess.LOOPBACK_ONLY, routes);
  }

  /**
   * Starts the admin server at {@code address}, judging every request by {@code access} (see {@link
   * AdminAccess}); nothing when {@code address} is null.
   *
   * @return the bound address, or null
   * @throws InterruptedException if interrupted while binding
   * @throws IllegalArgumentException if {@code access} forbids serving {@code address} (a
   *     non-loopback address without a token)
   * @throws IllegalStateException if already serving
   */
  public InetSocketAddress serve(
      HostPort address, AdminAccess access, Consumer<AdminEndpoints.Builder> routes)
      throws InterruptedException {
    return serve(address, access, AdminLimits.defaults(), routes);
  }

  /**
   * Starts the admin server at {@code address} as {@link #serve(HostPort, AdminAccess, Consumer)},
   * holding its clients to {@code limits} ({@link AdminLimits}).
   *
   * @return the bound address, or null
   * @throws InterruptedException if interrupted while binding
   * @throws IllegalArgumentException if {@code access} forbids serving {@code address}
   * @throws IllegalStateException if already serving
   */
  public InetSocketAddress serve(
      HostPort address,
      AdminAccess access,
      AdminLimits limits,
      Consumer<AdminEndpoints.Builder> routes)
      throws InterruptedException {
    if (address == null) {
      return null;
    }
    if (server != null) {
      throw new IllegalStateException("the admin server is already running on " + address());
    }
    AdminEndpoints.Builder b = AdminEndpoints.builder().metrics(registry);
    routes.accept(b);
    access.checkBind(address);
    server = AdminServer.start(address.socketAddress(), b.build(), access, limits);
    return server.address();
  }

  /**
   * The admin listener's part of a daemon's status ({@link AdminServer#status()}: caps, refusals,
   * deadline closes, event streams), or null when it does not serve.
   */
  public Map<String, Object> status() {
    AdminServer s = server;
    return s == null ? null : s.status();
  }

  /** The admin server's bound address, or null when it does not serve. */
  public InetSocketAddress address() {
    AdminServer s = server;
    return s == null ? null : s.address();
  }

  /** Stops the admin server, then closes the registry if this owns it. Idempotent. */
  @Override
  public void close() {
    AdminServer s = server;
    server = null;
    if (s != null) {
      s.close();
    }
    if (ownsRegistry) {
      registry.close();
    }
  }
}
