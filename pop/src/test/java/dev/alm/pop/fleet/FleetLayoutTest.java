package dev.alm.pop.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopConfigJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files of a fleet: what each PoP's directory holds, and that a PoP reads it. */
class FleetLayoutTest {

  @TempDir Path dir;

  static Topology abc() {
    List<String> ids = List.of("a", "b", "c");
    return new Topology(
        ids.stream().map(p -> new Node(p, 1, 0.3, 1, 10, 0.5)).toList(),
        CorrelationMatrix.identity(ids));
  }

  static FleetSpec spec(List<String> addresses, List<String> drl) {
    return new FleetSpec(
        abc(),
        addresses,
        drl,
        FleetSpec.Ports.DEFAULT,
        "cdn.example",
        List.of("192.0.2.1"),
        List.of("198.51.100.1"),
        1000,
        2,
        500,
        null,
        null);
  }

  @Test
  void everyPopGetsItsFilesTheFleetsKeysAndItsOwnToken() throws Exception {
    FleetSecrets s = FleetSecrets.generate(new SecureRandom(), List.of("a", "b", "c"));
    List<FleetFile> files =
        FleetLayout.files(
            spec(
                FleetSpec.consecutive("127.0.0.31", 3),
                List.of("10.0.0.1", "10.0.0.2", "10.0.0.3")),
            s);
    Map<String, FleetFile> byPath =
        files.stream().collect(Collectors.toMap(FleetFile::path, f -> f));
    assertEquals(3 * 7 + 1, files.size());
    for (String p : List.of("a", "b", "c")) {
      assertEquals(s.probeKey() + "\n", byPath.get(p + "/probe.key").text());
      assertEquals(s.gossipKey() + "\n", byPath.get(p + "/gossip.key").text());
      assertEquals(s.adminTokens().get(p) + "\n", byPath.get(p + "/admin.key").text());
      assertTrue(byPath.get(p + "/admin.key").secret());
      assertFalse(byPath.get(p + "/pop.json").secret());
    }
    assertFalse(s.adminTokens().get("a").equals(s.adminTokens().get("b")), "one token per PoP");
    JsonNode b = new ObjectMapper().readTree(byPath.get("b/pop.json").text());
    assertEquals("127.0.0.32:9200", b.get("admin").asText(), "loopback PoPs: admin on their own");
    assertEquals("10.0.0.2:7401", b.get("drl").get("swim").asText());
    assertEquals("[\"10.0.0.1:7401\",\"10.0.0.3:7401\"]", b.get("drl").get("seeds").toString());
  }

  @Test
  void popsOffLoopbackKeepTheirAdminOnLoopback() {
    FleetSpec real =
        spec(
            List.of("192.0.2.11", "192.0.2.12", "192.0.2.13"),
            List.of("10.0.0.1", "10.0.0.2", "10.0.0.3"));
    assertEquals("127.0.0.1:9200", FleetLayout.admin(real, 1).toString());
  }

  @Test
  void theWrittenFilesAreWhatAPopReads() throws Exception {
    List<String> a = FleetSpec.consecutive("127.0.0.31", 3);
    FleetWriter.write(
        dir.resolve("fleet"),
        FleetLayout.files(
            spec(a, a), FleetSecrets.generate(new SecureRandom(), List.of("a", "b", "c"))));
    PopConfig c = PopConfigJson.read(dir.resolve("fleet/c/pop.json"));
    assertEquals("c", c.id());
    assertEquals(2, c.dns().cdnTtl());
    assertEquals("127.0.0.33:8080", c.proxy().listen().toString());
    assertEquals(
        "rw-------",
        PosixFilePermissions.toString(
            Files.getPosixFilePermissions(dir.resolve("fleet/c/probe.key"))));
  }

  @Test
  void aNonEmptyDirectoryIsRefusedAndAFailedWriteLeavesNothing() throws Exception {
    Path out = dir.resolve("taken");
    Files.createDirectories(out);
    Files.writeString(out.resolve("keep"), "x");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> FleetWriter.write(out, List.of(new FleetFile("a/pop.json", "{}", false))));
    assertTrue(e.getMessage().endsWith("not empty (a fleet is laid out in a new directory)"));
    Path fresh = dir.resolve("fresh");
    List<FleetFile> bad =
        List.of(new FleetFile("a/pop.json", "{}", false), new FleetFile("a/pop.json", "{}", false));
    assertThrows(IOException.class, () -> FleetWriter.write(fresh, bad));
    assertFalse(Files.exists(fresh));
    try (var s = Files.list(dir)) {
      assertEquals(
          List.of("taken"), s.map(p -> p.getFileName().toString()).toList(), "no temp left");
    }
  }

  @Test
  void badSpecsAreRefusedBeforeAnythingIsWritten() {
    List<String> a = FleetSpec.consecutive("127.0.0.31", 3);
    assertThrows(IllegalArgumentException.class, () -> spec(a.subList(0, 2), a));
    assertThrows(
        IllegalArgumentException.class,
        () -> spec(List.of("127.0.0.1", "127.0.0.1", "127.0.0.2"), a));
    assertThrows(IllegalArgumentException.class, () -> FleetSpec.consecutive("127.0.0.253", 3));
    IllegalArgumentException ttl =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new FleetSpec(
                    abc(),
                    a,
                    a,
                    FleetSpec.Ports.DEFAULT,
                    "cdn.example",
                    List.of("192.0.2.1"),
                    List.of("198.51.100.1"),
                    1000,
                    20,
                    500,
                    null,
                    null));
    assertTrue(
        ttl.getMessage().startsWith("--ttl: 20 s needs a control interval of at least 10000 ms"));
  }
}
