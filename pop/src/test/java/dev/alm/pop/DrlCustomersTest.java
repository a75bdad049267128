package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.drl.agent.CustomerLimit;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.LimitMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The customers the PoP's agent shares: those in mode drl, each with the algorithm it names. */
class DrlCustomersTest {

  @Test
  void eachDrlCustomerKeepsItsAlgorithmAndTheOthersAreNotShared() {
    List<CustomerLimit> c =
        PopCustomers.drlCustomers(
            List.of(
                new CustomerSpec("a", List.of("a.example"), 100, 0, 1, 0, LimitMode.DRL, "gdrl"),
                new CustomerSpec("b", List.of("b.example"), 0, 5000, 1, 0, LimitMode.DRL),
                new CustomerSpec("c", List.of("c.example"), 100, 0, 1, 0, LimitMode.STATIC)));
    assertEquals(
        List.of(new CustomerLimit("a", 100, "gdrl"), new CustomerLimit("b", 5000, "share")), c);
  }
}
