package dev.alm.proxy.limit;

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

  /** The customers config of that customer alone. */
  public static CustomersConfig only(KeyRule rule) {
    return CustomersConfig.NONE.withCustomers(List.of(customer(rule)));
  }
}
