package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alm fleet init}: the layout on disk, its refusals in one line. */
class FleetInitCommandTest extends CliTest {

  @TempDir Path dir;

  @Test
  void layoutAFleetOfThreeOnLoopback() throws Exception {
    Path fleet = dir.resolve("fleet");
    assertEquals(0, alm(FleetInitArgs.abc(fleet)), err.toString());
    assertTrue(
        out.toString().contains("a/: DNS 127.0.0.11:5353, proxy 127.0.0.11:8080"), out.toString());
    for (String p : new String[] {"a", "b", "c"}) {
      for (String f : new String[] {"pop.json", "dns.json", "proxy.json", "topology.json"}) {
        assertTrue(Files.isRegularFile(fleet.resolve(p).resolve(f)), p + "/" + f);
      }
      for (String k : new String[] {"probe.key", "gossip.key", "admin.key"}) {
        assertEquals(
            "rw-------",
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(fleet.resolve(p).resolve(k))));
      }
    }
    assertEquals(
        Files.readString(fleet.resolve("a/probe.key")),
        Files.readString(fleet.resolve("c/probe.key")));
    assertEquals(
        Files.readString(fleet.resolve("a/gossip.key")),
        Files.readString(fleet.resolve("b/gossip.key")));
    assertFalse(
        Files.readString(fleet.resolve("a/admin.key"))
            .equals(Files.readString(fleet.resolve("b/admin.key"))));
    assertTrue(Files.isRegularFile(fleet.resolve("fleet.json")));
  }

  @Test
  void refusesANonEmptyDirectoryInOneLine() throws Exception {
    Files.writeString(dir.resolve("x"), "");
    assertEquals(1, alm("fleet", "init", "--pops", "a,b", "--out", dir.toString()));
    assertEquals(1, err.toString().strip().lines().count(), err.toString());
    assertTrue(err.toString().contains("not empty"), err.toString());
  }

  @Test
  void realAddressesAndATopologyFileWithCustomers() throws Exception {
    Path customers = dir.resolve("customers.json");
    Files.writeString(
        customers,
        "{\"customers\": [{\"name\": \"acme\", \"hosts\": [\"acme.example\"], \"requestsPerSecond\": 60,"
            + " \"mode\": \"drl\"}]}");
    Path fleet = dir.resolve("prod");
    int code =
        alm(
            "fleet",
            "init",
            "--topology",
            "builtin:paper-fig2",
            "--addresses",
            "192.0.2.11,192.0.2.12",
            "--drl-addresses",
            "10.0.0.1,10.0.0.2",
            "--dns-port",
            "53",
            "--proxy-port",
            "80",
            "--state-dir",
            "/var/lib/alm",
            "--customers",
            customers.toString(),
            "--out",
            fleet.toString());
    assertEquals(0, code, err.toString());
    String pop = Files.readString(fleet.resolve(firstPop(fleet)).resolve("pop.json"));
    assertTrue(pop.contains("\"admin\" : \"127.0.0.1:9200\""), pop);
    assertTrue(pop.contains("/var/lib/alm/"), pop);
    String proxy = Files.readString(fleet.resolve(firstPop(fleet)).resolve("proxy.json"));
    assertTrue(proxy.contains("192.0.2.11:80") && proxy.contains("acme"), proxy);
  }

  @Test
  void tooFewAddressesIsOneLine() {
    assertEquals(1, alm(FleetInitArgs.abc(dir.resolve("f"), "--addresses", "192.0.2.1")));
    assertTrue(
        err.toString().contains("--addresses: 3 PoPs need 3 addresses, got 1"), err.toString());
    assertFalse(Files.exists(dir.resolve("f")));
  }

  private static String firstPop(Path fleet) throws Exception {
    try (var s = Files.list(fleet)) {
      return s.filter(Files::isDirectory)
          .map(p -> p.getFileName().toString())
          .sorted()
          .findFirst()
          .orElseThrow();
    }
  }
}
