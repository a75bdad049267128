package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Config file plus flags: the file when given, else the defaults, then the flags given; every error
 * is one line naming the file or the flag, the field and the reason.
 */
class ConfigFlagsTest {
  @TempDir Path dir;

  /** A small daemon's settings, as a builder that refuses bad values. */
  static final class Settings {
    HostPort listen = new HostPort("127.0.0.1", 8080);
    double capacity = 1000;
    boolean measure = true;

    void capacity(double v) {
      if (!(v > 0)) {
        throw new IllegalArgumentException("capacity must be > 0, got " + v);
      }
      capacity = v;
    }

    static Settings read(Path file) throws InputException {
      JsonFields f = JsonFields.read(file).only(Set.of("listen", "capacity"));
      Settings s = new Settings();
      if (f.has("listen")) {
        try {
          s.listen = HostPort.parse(f.text("listen"));
        } catch (IllegalArgumentException e) {
          throw f.error("listen", e.getMessage());
        }
      }
      if (f.has("capacity")) {
        s.capacity = f.number("capacity");
      }
      return s;
    }
  }

  private Path file(String json) throws Exception {
    Path f = dir.resolve("node.json");
    Files.writeString(f, json);
    return f;
  }

  private static ConfigFlags<Settings> flags(
      Path file, String listen, Double capacity, boolean noMeasure) throws InputException {
    return ConfigFlags.read(file, Settings::read, Settings::new)
        .flag("--listen", listen, HostPort::parse, (s, v) -> s.listen = v)
        .flag("--capacity", capacity, Settings::capacity)
        .flag("--no-measure", noMeasure, (s, v) -> s.measure = false);
  }

  @Test
  void flagsGoOnTopOfTheFileAndTheDefaults() throws Exception {
    Path f = file("{\"listen\": \"127.0.0.2:9000\", \"capacity\": 500}");
    Settings fromFile = flags(f, null, null, false).builder();
    assertEquals(new HostPort("127.0.0.2", 9000), fromFile.listen);
    assertEquals(500, fromFile.capacity);
    assertEquals(true, fromFile.measure);
    Settings overridden = flags(f, "127.0.0.3:9001", 800.0, true).builder();
    assertEquals(new HostPort("127.0.0.3", 9001), overridden.listen);
    assertEquals(800, overridden.capacity);
    assertEquals(false, overridden.measure);
    ConfigFlags<Settings> defaults = flags(null, null, 10.0, false);
    assertEquals(new HostPort("127.0.0.1", 8080), defaults.builder().listen);
    assertEquals(10, defaults.builder().capacity);
    assertEquals("command line", defaults.source());
    assertEquals(f.toString(), flags(f, null, null, false).source());
  }

  @Test
  void fileErrorsNameTheFileTheFieldAndTheReason() throws Exception {
    Path f = file("{\"listen\": \"nowhere\"}");
    assertEquals(
        f + ":listen: expected HOST:PORT, got 'nowhere'",
        assertThrows(InputException.class, () -> flags(f, null, null, false)).getMessage());
    Path g = file("{\"capacity\": \"big\"}");
    assertEquals(
        g + ":capacity: expected a number",
        assertThrows(InputException.class, () -> flags(g, null, null, false)).getMessage());
    Path h = file("{\"capacty\": 3}");
    InputException unknown = assertThrows(InputException.class, () -> flags(h, null, null, false));
    assertEquals(h.toString(), unknown.source());
    assertEquals("capacty", unknown.where());
  }

  @Test
  void flagErrorsNameTheFlagAndTheReason() throws Exception {
    InputException address =
        assertThrows(InputException.class, () -> flags(null, "nowhere", null, false));
    assertEquals("--listen: expected HOST:PORT, got 'nowhere'", address.getMessage());
    assertEquals("--listen", address.source());
    assertEquals(
        "--capacity: capacity must be > 0, got -3.0",
        assertThrows(InputException.class, () -> flags(null, null, -3.0, false)).getMessage());
    assertEquals(
        "--port: expected HOST:PORT, got 'x'",
        assertThrows(InputException.class, () -> ConfigFlags.parse("--port", "x", HostPort::parse))
            .getMessage());
  }

  @Test
  void settingsOnlyTheFileMayGiveAreRefusedBesideIt() throws Exception {
    Path f = file("{}");
    ConfigFlags<Settings> read = ConfigFlags.read(f, Settings::read, Settings::new);
    assertEquals(
        "--l1: with --config, set --zone, --l1 and --l2 in the file",
        assertThrows(
                InputException.class,
                () -> read.inFileOnly("--zone", null, "--l1", "192.0.2.1", "--l2", "x"))
            .getMessage());
    read.inFileOnly("--zone", null, "--l1", null);
    ConfigFlags.read(null, Settings::read, Settings::new).inFileOnly("--zone", "cdn.example");
  }
}
