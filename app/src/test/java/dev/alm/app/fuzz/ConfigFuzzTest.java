package dev.alm.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short run of {@code alm fuzz --target configs} over every JSON reader. */
class ConfigFuzzTest {

  @TempDir Path dir;

  @Test
  void everyReaderRefusesMutatedDocumentsInOneLineOrAcceptsThem() throws Exception {
    for (ConfigFuzz.Target t : ConfigFuzz.Target.values()) {
      ConfigFuzz.Result r = ConfigFuzz.run(t, 2_000, 5, TimeUnit.SECONDS.toNanos(5), dir, n -> {});
      assertEquals(2_000, r.accepted() + r.refused() + r.findings(), r.toString());
      assertEquals(0, r.findings(), r.toString());
      assertTrue(r.refused() > 1_000, "most mutations break the document: " + r);
      assertTrue(r.accepted() > 0, "some mutations keep it valid: " + r);
    }
  }

  @Test
  void theSeedDocumentsAreValid() throws Exception {
    for (ConfigFuzz.Target t : ConfigFuzz.Target.values()) {
      Files.writeString(dir.resolve("dns.json"), ConfigFuzz.Target.DNS.seed);
      Files.writeString(dir.resolve("proxy.json"), ConfigFuzz.Target.PROXY.seed);
      Path f = dir.resolve("seed.json");
      Files.writeString(f, t.seed);
      ConfigFuzz.read(t, f); // throws if a seed is not valid
    }
  }
}
