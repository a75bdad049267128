package dev.alm.proxy.limit;

import dev.alm.node.HostPort;
import dev.alm.proxy.ProxyConfig;
import java.util.List;

/** The keyed customer of the per-key tests: {@code api} on {@code api.example}, limited by key. */
public final class KeyedApi {

  private KeyedApi() {}

  /** The customer with {@code rule} as its key limit and no other limit. */
  public static CustomerSpec customer(KeyRule rule) {
    return CustomerSpec.builder()
        .name("api")
        .hosts(List.of("api.example"))
        .mode(LimitMode.INDEPENDENT)
        .keys(rule)
        .build();
  }

  /** A proxy on a free loopback port, of ample capacity, whose one customer is that customer. */
  public static ProxyConfig.Builder server(KeyRule rule) {
    return ProxyConfig.builder()
        .listen(new HostPort("127.0.0.1", 0))
        .pop("p1")
        .capacity(1e6)
        .customers(only(rule));
  }

  /** The customers config of that customer alone. */
  public static CustomersConfig only(KeyRule rule) {
    return CustomersConfig.NONE.withCustomers(List.of(customer(rule)));
  }
}
