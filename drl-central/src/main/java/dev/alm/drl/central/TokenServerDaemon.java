package dev.alm.drl.central;

import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import dev.alm.node.NodeAdmin;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code alm drl token-server} as a daemon: the {@link TokenServer} on its UDP address and,
 * optionally, the admin server with {@code GET /status} (customers, tokens left, counters) and
 * {@code GET /metrics}.
 */
public final class TokenServerDaemon implements AutoCloseable {

  private final TokenServer server;
  private final NodeAdmin admin;
  private final List<CentralLimit> customers;

  private TokenServerDaemon(TokenServer server, NodeAdmin admin, List<CentralLimit> customers) {
    this.server = server;
    this.admin = admin;
    this.customers = customers;
  }

  /**
   * Starts the server on {@code listen} and the admin server on {@code adminAt} (none when null).
   */
  public static TokenServerDaemon start(
      HostPort listen,
      KeyRing keys,
      List<CentralLimit> customers,
      TokenServerSettings settings,
      HostPort adminAt,
      AdminAccess access)
      throws InterruptedException {
    return start(listen, keys, customers, List.of(), settings, adminAt, access);
  }

  /** As above, the server also answering key requests under {@code keyLimits}. */
  public static TokenServerDaemon start(
      HostPort listen,
      KeyRing keys,
      List<CentralLimit> customers,
      List<CentralKeyLimit> keyLimits,
      TokenServerSettings settings,
      HostPort adminAt,
      AdminAccess access)
      throws InterruptedException {
    TokenServerCore core =
        new TokenServerCore(
            new LeaseCodec(keys), settings, customers, keyLimits, System.nanoTime());
    TokenServer server = TokenServer.start(core, listen.socketAddress());
    NodeAdmin admin = NodeAdmin.create();
    TokenServerDaemon d = new TokenServerDaemon(server, admin, customers);
    try {
      server.bindTo(admin.registry());
      admin.serve(
          adminAt, access == null ? AdminAccess.LOOPBACK_ONLY : access, b -> b.status(d::status));
    } catch (InterruptedException | RuntimeException e) {
      d.close();
      throw e;
    }
    return d;
  }

  /** The server's UDP address. */
  public InetSocketAddress address() {
    return server.address();
  }

  /** The admin server's address, or null. */
  public InetSocketAddress adminAddress() {
    return admin.address();
  }

  /** The token server. */
  public TokenServer server() {
    return server;
  }

  /** The {@code /status} document. */
  public Map<String, Object> status() {
    TokenServerCore c = server.core();
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("mode", "token-server");
    s.put("leaseMs", c.settings().lease().toMillis());
    s.put("batchSeconds", c.settings().batchSeconds());
    s.put("requests", c.requests());
    s.put("granted", c.granted());
    s.put("emptyGrants", c.emptyGrants());
    s.put("unknownCustomer", c.unknownCustomers());
    Map<String, Long> refused = new LinkedHashMap<>();
    for (LeaseRefusal r : LeaseRefusal.values()) {
      refused.put(r.name().toLowerCase(Locale.ROOT), c.refused(r));
    }
    s.put("refused", refused);
    s.put("keys", keys(c));
    List<Map<String, Object>> list = new ArrayList<>();
    for (CentralLimit l : customers) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", l.name());
      m.put("limit", l.limit());
      m.put("burst", l.burst());
      try {
        m.put("available", server.available(l.name()));
      } catch (Exception e) {
        m.put("available", null);
      }
      list.add(m);
    }
    s.put("customers", list);
    return s;
  }

  /** The per-key counts' figures. */
  private static Map<String, Object> keys(TokenServerCore c) {
    KeyWindowCounts k = c.keyCounts();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("requests", c.keyRequests());
    m.put("admitted", k.admitted());
    m.put("refused", k.refused());
    m.put("uncounted", k.uncounted());
    m.put("unknownCustomer", k.unknownCustomers());
    m.put("held", k.held());
    m.put("heldMax", k.maxHeld());
    m.put("maxKeys", c.settings().maxKeys());
    m.put("dropped", k.dropped());
    return m;
  }

  @Override
  public void close() {
    admin.close();
    server.close();
  }
}
