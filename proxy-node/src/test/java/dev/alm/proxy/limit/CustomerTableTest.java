package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Host names to customers: exact first, then the longest suffix; case and trailing dot ignored. */
class CustomerTableTest {

  private static CustomerSpec spec(String name, String... hosts) {
    return new CustomerSpec(name, List.of(hosts), 100, 0, 1, 0, LimitMode.INDEPENDENT);
  }

  private static CustomerLimits limits(CustomerSpec... specs) {
    return new CustomerLimits(
        CustomersConfig.NONE.withCustomers(List.of(specs)), null, null, () -> 0L);
  }

  private static String name(CustomerLimiter c) {
    return c == null ? null : c.name();
  }

  @Test
  void exactBeatsSuffixAndTheLongestSuffixWins() {
    CustomerLimits l =
        limits(
            spec("api", "api.example.com"),
            spec("all", ".example.com"),
            spec("deep", ".eu.example.com"),
            spec("Other", "OTHER.example.net."));
    assertEquals("api", name(l.match("api.example.com")));
    assertEquals("all", name(l.match("www.example.com")));
    assertEquals("deep", name(l.match("a.eu.example.com")));
    assertEquals("deep", name(l.match("x.y.eu.example.com")));
    assertEquals("all", name(l.match("eu.example.com")), "a suffix does not match its own name");
    assertNull(l.match("example.com"));
    assertNull(l.match("notexample.com"));
    assertEquals("Other", name(l.match("other.example.net")), "config hosts are lower-cased");
    assertEquals("all", name(l.match("www.example.com.")), "a trailing dot is ignored");
    assertNull(l.match(""));
    assertNull(l.match("api.example.org"));
  }

  @Test
  void aReplacedTableSwapsAtOnceAndKeepsCountersByName() {
    CustomerLimits l = limits(spec("a", "a.example"));
    CustomerLimiter first = l.match("a.example");
    first.decide("127.0.0.1", null);
    l.replace(List.of(spec("a", "a2.example"), spec("b", "a.example")));
    assertEquals("b", name(l.match("a.example")));
    CustomerLimiter second = l.match("a2.example");
    assertEquals("a", second.name());
    assertEquals(1, second.state().served(), "the counters follow the name");
    assertEquals(2, l.table().customers().size());
  }
}
