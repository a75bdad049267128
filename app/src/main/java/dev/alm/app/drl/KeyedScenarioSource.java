package dev.alm.app.drl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;
import dev.alm.ratelimit.keys.KeyedScenario;
import dev.alm.ratelimit.keys.KeyedScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads a keyed scenario for {@code alm drl keys-central}. A builtin's parameters are written as
 * the file form of the scenario (the builtin's fields, then the parameters; a whole number stays a
 * JSON integer, which the integer fields such as {@code keys} require) and read back with {@link
 * KeyedScenarioReader}, so both forms are checked by the same rules; errors name the builtin.
 */
final class KeyedScenarioSource {

  private static final ObjectMapper JSON = new ObjectMapper();

  private KeyedScenarioSource() {}

  static KeyedScenario read(String source) throws InputException, IOException {
    if (!source.startsWith("builtin:")) {
      return KeyedScenarioReader.read(source);
    }
    BuiltinQuery q = BuiltinQuery.parse(source);
    KeyedScenario base =
        switch (q.name()) {
          case "keys-zipf" -> KeyedScenarioReader.ZIPF;
          case "keys-rate" -> KeyedScenarioReader.RATE;
          default ->
              throw new InputException(source, "", "unknown builtin (known: keys-zipf, keys-rate)");
        };
    ObjectNode n = fields(base);
    for (Map.Entry<String, String> p : q.params().entrySet()) {
      String v = p.getValue();
      if (p.getKey().equals("window")) {
        n.put("window", v);
        continue;
      }
      try {
        n.put(p.getKey(), Long.parseLong(v));
      } catch (NumberFormatException notWhole) {
        try {
          n.put(p.getKey(), Double.parseDouble(v));
        } catch (NumberFormatException e) {
          throw new InputException(source, p.getKey(), "a number, got '" + v + "'");
        }
      }
    }
    Path file = Files.createTempFile("alm-keyed-scenario", ".json");
    try {
      JSON.writeValue(file.toFile(), n);
      return KeyedScenarioReader.read(file.toString());
    } catch (InputException e) {
      throw new InputException(source, e.where(), e.reason());
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static ObjectNode fields(KeyedScenario b) {
    ObjectNode n = JSON.createObjectNode();
    n.put("keys", b.keys());
    n.put("pops", b.pops());
    n.put("zipf", b.zipf());
    n.put("requestsPerSecond", b.requestsPerSecond());
    n.put("window", b.window().text());
    n.put("limit", b.limit());
    n.put("overLimitShare", b.overLimitShare());
    n.put("multiPopShare", b.multiPopShare());
    n.put("multiPops", b.multiPops());
    n.put("roamShare", b.roamShare());
    n.put("roamAt", b.roamAt());
    n.put("duration", b.duration());
    n.put("latencyMillis", b.latencyMillis());
    n.put("seed", b.seed());
    n.put("roundMillis", b.sharing().roundMillis());
    n.put("maxKeys", b.sharing().maxKeys());
    return n;
  }
}
