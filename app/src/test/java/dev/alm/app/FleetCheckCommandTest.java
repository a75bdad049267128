package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alm fleet check}: a fleet as {@code alm fleet init} lays it out has no problem; each thing
 * broken on its own gives its one line naming the file and the field.
 */
class FleetCheckCommandTest extends CliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  Path fleet;

  @BeforeEach
  void init() {
    fleet = dir.resolve("fleet");
    assertEquals(0, alm(FleetInitArgs.abc(fleet, "--base-address", "127.0.0.41")), err.toString());
  }

  private List<String> check(int expectedCode) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    assertEquals(expectedCode, alm("fleet", "check", fleet.toString()), out + "" + err);
    return out.toString().lines().toList();
  }

  private void edit(String file, Consumer<ObjectNode> change) throws Exception {
    Path p = fleet.resolve(file);
    ObjectNode n = (ObjectNode) JSON.readTree(p.toFile());
    change.accept(n);
    Files.writeString(p, JSON.writeValueAsString(n));
  }

  private void onlyProblem(String expected) {
    List<String> lines = check(1);
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertEquals(expected, lines.get(0));
  }

  @Test
  void aFreshFleetHasNoProblem() {
    assertEquals(List.of(fleet + ": no problems"), check(0));
  }

  @Test
  void aKeyOthersCanRead() throws Exception {
    Files.setPosixFilePermissions(
        fleet.resolve("b/probe.key"), PosixFilePermissions.fromString("rw-r--r--"));
    onlyProblem(
        fleet.resolve("b/pop.json")
            + ":probeKeyFile: "
            + fleet.resolve("b/probe.key")
            + " is readable or writable by others (chmod 600 it)");
  }

  @Test
  void aGossipKeyOfAnotherFleet() throws Exception {
    Files.writeString(fleet.resolve("c/gossip.key"), "another-fleet-key-0123456789\n");
    onlyProblem(
        fleet.resolve("c/pop.json")
            + ":drl.keyFile: "
            + fleet.resolve("c/gossip.key")
            + " differs from "
            + fleet.resolve("a/gossip.key")
            + " (one per fleet)");
  }

  @Test
  void anAddressUsedTwice() throws Exception {
    edit("c/dns.json", n -> n.put("listen", "127.0.0.42:5353"));
    onlyProblem(
        fleet.resolve("c/dns.json")
            + ":listen: 127.0.0.42:5353 is also "
            + fleet.resolve("b/dns.json")
            + ":listen");
  }

  @Test
  void anotherGamma() throws Exception {
    edit("b/pop.json", n -> n.putObject("probes").put("gamma", 3));
    onlyProblem(
        fleet.resolve("b/pop.json")
            + ":probes.gamma: 3.0, but "
            + fleet.resolve("a/pop.json")
            + " has 2.0 (one gamma for the fleet, eq. 20)");
  }

  @Test
  void aSeedToNowhere() throws Exception {
    edit("a/pop.json", n -> ((ObjectNode) n.get("drl")).putArray("seeds").add("127.0.0.99:7401"));
    List<String> lines = check(1);
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(
        lines
            .get(0)
            .startsWith(
                fleet.resolve("a/pop.json") + ":drl.seeds: 127.0.0.99:7401 is no PoP's drl.swim"),
        lines.get(0));
  }

  @Test
  void aTtlTooLongForTheInterval() throws Exception {
    edit("c/dns.json", n -> n.putObject("ttl").put("cdn", 20));
    onlyProblem(
        fleet.resolve("c/dns.json")
            + ":ttl.cdn: 20 s needs a control interval of at least 10000 ms (interval >= TTL / 2,"
            + " docs/pop/configuration.md \"Interval vs TTL\"), "
            + fleet.resolve("c/pop.json")
            + " has intervalMs 1000");
  }

  @Test
  void anotherZoneAndAPopOutsideTheTopology() throws Exception {
    edit("b/dns.json", n -> n.put("zone", "other.example."));
    edit("b/proxy.json", n -> n.put("zone", "other.example"));
    edit("c/dns.json", n -> n.put("pop", "z"));
    List<String> lines = check(1);
    assertTrue(
        lines.contains(
            fleet.resolve("b/dns.json")
                + ":zone: other.example, but "
                + fleet.resolve("a/dns.json")
                + " has cdn.example"),
        String.join("\n", lines));
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.startsWith(
                        fleet.resolve("c/pop.json") + ":dns: the DNS pop 'z' is not a node")),
        String.join("\n", lines));
  }
}
