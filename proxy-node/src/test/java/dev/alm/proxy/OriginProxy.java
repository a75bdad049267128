package dev.alm.proxy;

import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import java.util.List;

/**
 * The proxy the origin tests start: PoP p1 on a loopback port, one I/O thread, before an origin.
 */
final class OriginProxy {
  private OriginProxy() {}

  /** Proxy p1 in front of {@code origin}, with {@code customers}. */
  static ProxyConfig config(HostPort origin, CustomerSpec... customers) {
    return ProxyConfig.builder()
        .pop("p1")
        .listen(new HostPort("127.0.0.1", 0))
        .capacity(1e6)
        .ioThreads(1)
        .content(ContentConfig.proxy(origin))
        .customers(CustomersConfig.NONE.withCustomers(List.of(customers)))
        .build();
  }
}
