package dev.alm.dns;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import org.xbill.DNS.Name;

/**
 * The zone the tests serve: cdn.example. with IPv4 and IPv6 L1 and L2, static records, loopback
 * port 0.
 */
final class TestZones {
  static final Name ZONE = Name.fromConstantString("cdn.example.");
  static final String L1 = "192.0.2.1";
  static final String L2 = "198.51.100.1";
  static final String L1_V6 = "2001:db8::1";
  static final String L2_V6 = "2001:db8::2";

  private TestZones() {}

  static DnsConfig.Builder builder() {
    return DnsConfig.builder(ZONE)
        .pop("7")
        .l1(addr(L1))
        .l1(addr(L1_V6))
        .l2(addr(L2))
        .l2(addr(L2_V6))
        .x(0.3)
        .listen(new InetSocketAddress(addr("127.0.0.1"), 0))
        .rrl(RrlConfig.OFF)
        .staticRecord("api 300 IN A 192.0.2.7")
        .staticRecord("alias IN CNAME www")
        .staticRecord("deep.a.b IN A 192.0.2.8")
        .staticRecord(
            "big IN TXT \""
                + "a".repeat(250)
                + "\" \""
                + "b".repeat(250)
                + "\" \""
                + "c".repeat(200)
                + "\"");
  }

  static InetAddress addr(String s) {
    try {
      return InetAddress.getByName(s);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
