package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess.Verdict;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdminAccessTest {
  private static final String HOST = "127.0.0.1:8053";
  private final AdminAccess open = AdminAccess.LOOPBACK_ONLY;
  private final AdminAccess guarded =
      AdminAccess.withToken(KeyRing.ofText("new-token-0123456789", "old-token-0123456789"));

  @Test
  void withoutATokenOnlyLoopbackSameOriginClientsAreServed() {
    assertEquals(Verdict.ALLOW, open.judge(true, true, null, null, HOST, null));
    assertEquals(Verdict.ALLOW, open.judge(true, true, null, "http://" + HOST, HOST, null));
    assertEquals(Verdict.ALLOW, open.judge(false, true, null, null, "localhost:8053", null));
    assertEquals(Verdict.ALLOW, open.judge(false, true, null, null, "[::1]:8053", null));
    assertEquals(
        Verdict.CROSS_ORIGIN, open.judge(true, true, null, "http://evil.example", HOST, null));
    assertEquals(Verdict.CROSS_ORIGIN, open.judge(true, true, null, null, HOST, "cross-site"));
    assertEquals(Verdict.CROSS_ORIGIN, open.judge(true, true, null, "null", HOST, null));
    // a DNS-rebound name reaching the loopback port: reads refused too
    assertEquals(Verdict.NOT_LOOPBACK, open.judge(false, true, null, null, "evil.example", null));
    assertEquals(Verdict.NOT_LOOPBACK, open.judge(false, false, null, null, HOST, null));
  }

  @Test
  void withATokenWritesAndRemoteReadsNeedIt() {
    assertEquals(Verdict.UNAUTHORIZED, guarded.judge(true, true, null, null, HOST, null));
    assertEquals(
        Verdict.UNAUTHORIZED,
        guarded.judge(true, true, "Bearer wrong-token-0123", null, HOST, null));
    assertEquals(
        Verdict.ALLOW, guarded.judge(true, true, "Bearer new-token-0123456789", null, HOST, null));
    assertEquals(
        Verdict.ALLOW, guarded.judge(true, true, "bearer old-token-0123456789", null, HOST, null));
    assertEquals(
        Verdict.UNAUTHORIZED,
        guarded.judge(true, true, "Basic new-token-0123456789", null, HOST, null));
    assertEquals(Verdict.ALLOW, guarded.judge(false, true, null, null, HOST, null));
    assertEquals(Verdict.UNAUTHORIZED, guarded.judge(false, false, null, null, "pop-a:9000", null));
    assertEquals(
        Verdict.ALLOW,
        guarded.judge(false, false, "Bearer new-token-0123456789", null, "pop-a:9000", null));
    // the token does not make a cross-origin write acceptable
    assertEquals(
        Verdict.CROSS_ORIGIN,
        guarded.judge(
            true, true, "Bearer new-token-0123456789", "http://evil.example", HOST, null));
  }

  @Test
  void aNonLoopbackAdminAddressNeedsAToken() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> open.checkBind(HostPort.parse("0.0.0.0:9000")));
    assertTrue(
        e.getMessage().startsWith("admin: 0.0.0.0:9000 is outside loopback"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> open.checkBind(HostPort.parse("pop-a:9000")));
    open.checkBind(HostPort.parse("127.0.0.2:9000"));
    open.checkBind(HostPort.parse("[::1]:9000"));
    open.checkBind(HostPort.parse("localhost:9000"));
    guarded.checkBind(HostPort.parse("0.0.0.0:9000"));
  }

  @Test
  void loopbackHostsAreLiteralsNeverLookedUp() {
    assertTrue(AdminAccess.isLoopbackHost("127.9.9.9"));
    assertTrue(AdminAccess.isLoopbackHost("::1"));
    assertFalse(AdminAccess.isLoopbackHost("cafe"));
    assertFalse(AdminAccess.isLoopbackHost("0.0.0.0"));
    assertFalse(AdminAccess.isLoopbackHost("192.0.2.1"));
    assertEquals("127.0.0.1", AdminAccess.hostName("127.0.0.1:80"));
    assertEquals("::1", AdminAccess.hostName("[::1]:80"));
    assertEquals("localhost", AdminAccess.hostName("localhost"));
  }

  @Test
  void statusJsonWritesNonFiniteNumbersAsNull() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("plannedRate", Double.POSITIVE_INFINITY);
    m.put("beta", Double.NaN);
    m.put("x", 0.5);
    assertEquals("{\"plannedRate\":null,\"beta\":null,\"x\":0.5}", AdminEndpoints.json(m));
  }
}
