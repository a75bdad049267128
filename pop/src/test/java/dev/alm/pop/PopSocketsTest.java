package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.RrlConfig;
import dev.alm.drl.agent.AgentSettings;
import dev.alm.drl.agent.DrlConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.node.HostPort;
import dev.alm.proxy.ProxyConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.Name;

/**
 * The sockets a PoP opens, as {@code ss} sees them: exactly the documented ones
 * (docs/operations.md, "Sockets"), each on the address its configuration names, none on every
 * interface.
 */
class PopSocketsTest {

  private static final String HOST = "127.0.0.47";

  @TempDir Path dir;

  /** This JVM's TCP listeners and UDP sockets, as "proto address:port" ({@code ss -tuln}). */
  private static Set<String> sockets() throws Exception {
    long pid = ProcessHandle.current().pid();
    Process p = new ProcessBuilder("ss", "-tulpnH").redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(10, TimeUnit.SECONDS);
    Set<String> out = new TreeSet<>();
    for (String line : text.split("\n")) {
      if (!line.contains("pid=" + pid + ",")) {
        continue;
      }
      String[] f = line.trim().split("\\s+");
      String local = f[4].replace("[::ffff:", "").replace("]", "");
      out.add(f[0] + " " + local);
    }
    return out;
  }

  private static boolean ssAvailable() {
    try {
      return new ProcessBuilder("ss", "-V").start().waitFor(10, TimeUnit.SECONDS);
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  @Test
  void aPopOpensOnlyItsDocumentedSocketsOnItsConfiguredAddresses() throws Exception {
    assumeTrue(ssAvailable(), "ss (iproute2) is not installed");
    Path key = dir.resolve("gossip.key");
    Files.writeString(key, "pop-gossip-key-0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Topology t = BuiltinTopologies.resolve("builtin:synthetic?n=2");
    int swim = DrlPops.freePort();
    DrlConfig drl =
        new DrlConfig(
            -1,
            0,
            new HostPort(HOST, 0),
            new HostPort(HOST, swim),
            List.of(),
            key,
            0.05,
            3,
            2,
            0.5,
            200,
            AgentSettings.GossipMode.TABLE,
            List.of());
    DnsConfig dns =
        DnsConfig.builder(Name.fromConstantString("cdn.example."))
            .pop(t.ids().get(0))
            .l1(InetAddress.getByName("192.0.2.1"))
            .l2(InetAddress.getByName("198.51.100.1"))
            .listen(new InetSocketAddress(HOST, 0))
            .rrl(RrlConfig.OFF)
            .build();
    ProxyConfig proxy =
        ProxyConfig.builder()
            .pop(t.ids().get(0))
            .zone("cdn.example")
            .listen(new HostPort(HOST, 0))
            .ioThreads(1)
            .build();
    PopConfig c =
        new PopConfig(
            t,
            0,
            dns,
            1,
            proxy,
            LoopConfig.defaults(Algorithm.DUAL),
            ProbePlanConfig.ofGamma(LoopConfig.DEFAULT_PROBE_GAMMA),
            null,
            new HostPort(HOST, 0),
            drl);
    Set<String> before = sockets();
    try (PopDaemon d =
        PopDaemon.start(c, false, System::nanoTime, System::currentTimeMillis, l -> {})) {
      Set<String> opened = new TreeSet<>(sockets());
      opened.removeAll(before);
      Set<String> expected =
          new TreeSet<>(
              List.of(
                  "udp " + HOST + ":" + d.dnsAddress().getPort(),
                  "tcp " + HOST + ":" + d.dnsAddress().getPort(),
                  "tcp " + HOST + ":" + d.proxyAddress().getPort(),
                  "tcp " + HOST + ":" + d.adminAddress().getPort(),
                  "udp " + HOST + ":" + d.drl().agent().address().getPort(),
                  "tcp " + HOST + ":" + swim));
      assertEquals(
          expected, opened, "the PoP's sockets: DNS (UDP, TCP), proxy, admin, gossip, SWIM");
    }
  }
}
