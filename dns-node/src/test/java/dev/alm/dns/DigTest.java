package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server as BIND's {@code dig} (Debian package dnsutils, installed by .ci/run) sees it. Skipped
 * only where dig is not installed; CI installs it.
 */
class DigTest {
  private static DnsNode node;

  @BeforeAll
  static void start() throws Exception {
    node =
        DnsNode.start(
            TestZones.builder().x(1.0).build(), new SimpleMeterRegistry(), ProbeAnswerer.NONE, 1);
  }

  @AfterAll
  static void stop() throws IOException {
    node.close();
  }

  static String dig(String... args) throws Exception {
    boolean present = Files.isExecutable(Path.of("/usr/bin/dig"));
    assumeTrue(
        present || System.getenv("CI") != null, "dig not installed (apt-get install dnsutils)");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "dig",
                "@127.0.0.1",
                "-p",
                Integer.toString(node.address().getPort()),
                "+time=3",
                "+tries=1"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(20, TimeUnit.SECONDS));
    return out;
  }

  @Test
  void answersOverUdpAndTcp() throws Exception {
    assertEquals("192.0.2.1", dig("+short", "www.cdn.example", "A").trim());
    assertEquals("2001:db8::1", dig("+short", "+tcp", "www.cdn.example", "AAAA").trim());
  }

  @Test
  void theAnsweringInstanceNamesItselfAsAnycastOperatorsAsk() throws Exception {
    assertEquals("\"7\"", dig("+short", "CH", "TXT", "id.server").trim());
    assertEquals("\"7\"", dig("+short", "+tcp", "CH", "TXT", "hostname.bind").trim());
    assertTrue(dig("CH", "TXT", "version.bind").contains("status: REFUSED"));
    String nsid = dig("+nsid", "www.cdn.example", "A");
    assertTrue(nsid.contains("NSID: 37 (\"7\")"), nsid);
    assertTrue(nsid.contains("192.0.2.1"), nsid);
    assertFalse(dig("www.cdn.example", "A").contains("NSID"), "only when asked");
  }

  @Test
  void statusesAsDigPrintsThem() throws Exception {
    String nx = dig("nope.cdn.example", "A");
    assertTrue(nx.contains("status: NXDOMAIN") && nx.contains("flags: qr aa"), nx);
    assertTrue(dig("www.example.org", "A").contains("status: REFUSED"));
    String badvers = dig("+edns=1", "+noednsnegotiation", "www.cdn.example", "A");
    assertTrue(badvers.contains("status: BADVERS"), badvers);
  }

  @Test
  void truncatedOverUdpRetriedOverTcp() throws Exception {
    String out = dig("+noedns", "big.cdn.example", "TXT");
    assertTrue(out.contains("Truncated, retrying in TCP mode"), out);
    assertTrue(out.contains("ANSWER: 1"), out);
  }

  @Test
  void clientSubnetIsEchoed() throws Exception {
    String out = dig("+subnet=203.0.113.0/24", "www.cdn.example", "A");
    assertTrue(out.contains("CLIENT-SUBNET: 203.0.113.0/24/0"), out);
  }
}
