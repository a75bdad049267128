package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Name;

/** A copy through the builder keeps every setting; a bad value names its field. */
class DnsConfigTest {

  private static DnsConfig everySettingChanged() {
    return TestZones.builder()
        .pop("fra")
        .name(Name.fromConstantString("img.cdn.example."))
        .x(0.25)
        .mode(AnswerMode.STICKY)
        .salt("pepper")
        .cdnTtl(7)
        .probeTtl(3)
        .staticTtl(600)
        .negativeTtl(30)
        .nameserver(Name.fromConstantString("ns9.cdn.example."))
        .listen(new InetSocketAddress(TestZones.addr("127.0.0.9"), 5300))
        .tcpIdleTimeout(Duration.ofSeconds(3))
        .maxTcpConnections(9)
        .ecsScopeV4(20)
        .ecsScopeV6(48)
        .maxUdpPayload(1400)
        .rrl(RrlConfig.DEFAULTS)
        .queryLog(Path.of("q.csv"))
        .queryLogQueue(128)
        .build();
  }

  @Test
  void toBuilderCopiesEverySetting() {
    DnsConfig c = everySettingChanged();
    assertEquals(c, c.toBuilder().build());
    DnsConfig moved = c.withX(0.75);
    assertEquals(0.75, moved.x());
    assertNotEquals(c, moved);
    assertEquals(c, moved.withX(0.25), "only x changed");
  }

  @Test
  void cappedLowersTheTcpCapsAndNeverRaisesThem() {
    DnsConfig c = everySettingChanged();
    DnsConfig lowered = c.capped(4);
    assertEquals(4, lowered.maxTcpConnections());
    assertEquals(4, lowered.maxTcpConnectionsPerClient());
    assertEquals(c.withX(c.x()).toBuilder().maxTcpConnections(4).build(), lowered);
    assertEquals(9, c.capped(100).maxTcpConnections());
    assertEquals(1, c.capped(0).maxTcpConnections());
  }

  @Test
  void defaultsAreTheNamedConstants() {
    DnsConfig d = TestZones.builder().build();
    assertEquals(DnsConfig.DEFAULT_CDN_TTL, d.cdnTtl());
    assertEquals(DnsConfig.DEFAULT_PROBE_TTL, d.probeTtl());
    assertEquals(DnsConfig.DEFAULT_ECS_SCOPE_V4, d.ecsScopeV4());
    assertEquals(DnsConfig.DEFAULT_ECS_SCOPE_V6, d.ecsScopeV6());
    assertEquals(DnsConfig.DEFAULT_MAX_UDP_PAYLOAD, d.maxUdpPayload());
    assertEquals(DnsConfig.DEFAULT_QUERY_LOG_QUEUE, d.queryLogQueue());
    assertEquals(DnsConfig.DEFAULT_TCP_IDLE_TIMEOUT, d.tcpIdleTimeout());
    assertEquals(DnsConfig.DEFAULT_MODE, d.mode());
  }

  @Test
  void aBadValueNamesItsField() {
    DnsConfig c = everySettingChanged();
    assertEquals("x", assertThrows(DnsConfigException.class, () -> c.withX(1.5)).field());
    assertEquals(
        "maxUdpPayload",
        assertThrows(DnsConfigException.class, () -> c.toBuilder().maxUdpPayload(100).build())
            .field());
    assertEquals(
        "ecsScopeV4",
        assertThrows(DnsConfigException.class, () -> c.toBuilder().ecsScopeV4(33).build()).field());
  }
}
