package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.drl.agent.SwimListenerLimits;
import dev.alm.node.AdminLimits;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PoP's proxy, DNS TCP, admin and SWIM caps together stay under the process's descriptor limit.
 */
class DescriptorBudgetTest {
  @TempDir Path dir;

  @Test
  void theDefaultCapsAreLoweredTogetherUnderASmallLimit() throws Exception {
    PopConfig c = PopDaemonClockTest.withAdmin(dir);
    DescriptorBudget b = DescriptorBudget.of(c, AdminLimits.defaults(), 4096);
    int proxy = b.config().proxy().limits().maxConnections();
    int dns = b.config().dns().maxTcpConnections();
    int admin = b.admin().maxConnections();
    assertEquals(3561, proxy);
    assertEquals(222, dns);
    assertEquals(55, admin);
    assertEquals(32, b.admin().maxConnectionsPerClient());
    assertTrue(proxy + dns + admin <= 4096 - 256);
    assertEquals(Math.min(dns, 64), b.config().dns().maxTcpConnectionsPerClient());
  }

  @Test
  void capsThatFitAreKept() throws Exception {
    PopConfig c = PopDaemonClockTest.withAdmin(dir);
    DescriptorBudget b = DescriptorBudget.of(c, AdminLimits.defaults(), 20_000);
    assertSame(c, b.config());
    assertEquals(AdminLimits.defaults(), b.admin());
    assertSame(c, DescriptorBudget.of(c, AdminLimits.defaults(), -1).config());
  }

  @Test
  void withoutAnAdminServerTheProxyAndDnsShareTheRoom() throws Exception {
    PopConfig c = PopDaemonClockTest.config(dir);
    DescriptorBudget b = DescriptorBudget.of(c, AdminLimits.defaults(), 1280);
    int proxy = b.config().proxy().limits().maxConnections();
    int dns = b.config().dns().maxTcpConnections();
    assertEquals(963, proxy);
    assertEquals(60, dns);
    assertTrue(proxy + dns <= 1280 - 256);
  }

  @Test
  void aPopWithADrlAgentSharesTheRoomWithItsSwimListener() throws Exception {
    PopConfig c = DrlPops.alone("127.0.0.1", dir);
    DescriptorBudget b =
        DescriptorBudget.of(c, AdminLimits.defaults(), SwimListenerLimits.DEFAULTS, 4096);
    int proxy = b.config().proxy().limits().maxConnections();
    int dns = b.config().dns().maxTcpConnections();
    int admin = b.admin().maxConnections();
    int swim = b.swim().maxConnections();
    assertTrue(swim < SwimListenerLimits.DEFAULT_MAX_CONNECTIONS, "lowered");
    assertTrue(swim >= 1 && b.swim().perAddress() <= swim);
    assertTrue(
        proxy + dns + admin + swim <= 4096 - 256,
        "all four under the limit: " + proxy + " + " + dns + " + " + admin + " + " + swim);
    DescriptorBudget roomy =
        DescriptorBudget.of(c, AdminLimits.defaults(), SwimListenerLimits.DEFAULTS, 100_000);
    assertEquals(SwimListenerLimits.DEFAULTS, roomy.swim());
  }
}
