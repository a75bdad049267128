package dev.alm.proxy;

import dev.alm.node.HostPort;

/**
 * A proxy in a process of its own, for tests that must starve it of file descriptors without
 * starving the test: {@code ProxyChild MAX_CONNECTIONS PER_CLIENT} starts one on loopback, prints
 * {@code PORT ADMIN_PORT} and runs until its standard input closes.
 */
public final class ProxyChild {
  private ProxyChild() {}

  public static void main(String[] args) throws Exception {
    HttpLimits limits =
        HttpLimits.defaults().withConnections(Integer.parseInt(args[0]), Integer.parseInt(args[1]));
    ProxyConfig cfg =
        ProxyConfig.builder()
            .pop("child")
            .listen(new HostPort("127.0.0.1", 0))
            .admin(new HostPort("127.0.0.1", 0))
            .limits(limits)
            .ioThreads(1)
            .build();
    try (ProxyServer s = ProxyServer.start(cfg)) {
      System.out.println(s.address().getPort() + " " + s.adminAddress().getPort());
      System.out.flush();
      while (System.in.read() >= 0) {
        // run until the parent closes our input
      }
    }
  }
}
