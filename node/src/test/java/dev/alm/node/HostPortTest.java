package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** HOST:PORT text, IPv6 literals in brackets, and the reasons for refusing bad text. */
class HostPortTest {

  @Test
  void parsesAndPrintsBack() {
    assertEquals(new HostPort("127.0.0.1", 53), HostPort.parse("127.0.0.1:53"));
    HostPort v6 = HostPort.parse("[::1]:8080");
    assertEquals("::1", v6.host());
    assertEquals("[::1]:8080", v6.toString());
    assertEquals("localhost:0", HostPort.parse("localhost:0").toString());
  }

  @Test
  void badTextSaysWhy() {
    assertEquals(
        "expected HOST:PORT, got 'nowhere'",
        assertThrows(IllegalArgumentException.class, () -> HostPort.parse("nowhere")).getMessage());
    assertEquals(
        "expected a port number after ':', got 'a:b'",
        assertThrows(IllegalArgumentException.class, () -> HostPort.parse("a:b")).getMessage());
    assertEquals(
        "port must be in 0-65535, got 70000",
        assertThrows(IllegalArgumentException.class, () -> HostPort.parse("a:70000")).getMessage());
  }
}
