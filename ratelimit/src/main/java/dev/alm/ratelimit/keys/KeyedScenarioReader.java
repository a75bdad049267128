package dev.alm.ratelimit.keys;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads a keyed scenario (docs/ratelimit/keys.md, "Scenario files"): a JSON file whose top-level
 * {@code keys} is the number of keys, or {@code builtin:keys-zipf?k=v&...} (the benchmark: 10 PoPs,
 * 1,000,000 keys, Zipf 1.1, 1% of keys at two PoPs, limits that 5% of keys run over) and {@code
 * builtin:keys-rate?k=v&...} (limits per second, for the moving users). A builtin's parameters are
 * the file's fields. Errors name the file or builtin, the field and the reason.
 */
public final class KeyedScenarioReader {

  /** The benchmark of docs/ratelimit/keys.md. */
  public static final KeyedScenario ZIPF =
      new KeyedScenario(
          10,
          1_000_000,
          1.1,
          400_000,
          KeyWindow.parse("1m"),
          0,
          0.05,
          0.01,
          2,
          0.01,
          70,
          180,
          20,
          1,
          KeyShareSettings.DEFAULTS,
          KeyedFaults.NONE);

  /**
   * Limits per second: 10 PoPs, 10,000 keys, 200,000 requests/s, 1% of the keys over their limit
   * move to another PoP at 10 s.
   */
  public static final KeyedScenario RATE =
      new KeyedScenario(
          10,
          10_000,
          1.1,
          200_000,
          KeyWindow.SECOND,
          0,
          0.05,
          0.01,
          2,
          0.1,
          10.5,
          20,
          20,
          1,
          KeyShareSettings.DEFAULTS,
          KeyedFaults.NONE);

  /**
   * An hourly quota: 10 PoPs, 10,000 keys each active at every PoP, 1,000 requests per key and
   * hour, demand that puts 20% of the keys over it; two hours, PoP 0 restarting at 1:30 (its state
   * file written every 5 s) and cut off from the others for 30 s at 1:40.
   */
  public static final KeyedScenario QUOTA =
      new KeyedScenario(
          10,
          10_000,
          1.1,
          7_900,
          KeyWindow.parse("1h"),
          1_000,
          0.2,
          1,
          10,
          0,
          0,
          7_200,
          20,
          1,
          KeyShareSettings.DEFAULTS,
          new KeyedFaults(5_400, KeyedFaults.DEFAULT_SAVE_MILLIS, 6_000, 30));

  private static final Map<String, KeyedScenario> BUILTINS =
      Map.of("keys-zipf", ZIPF, "keys-rate", RATE, "keys-quota", QUOTA);

  private static final JsonBinding<KeyedScenario.Draft> FIELDS =
      JsonBinding.<KeyedScenario.Draft>builder()
          .field("keys", (f, n, d) -> d.keys = f.integer(n, d.keys, 1, 100_000_000))
          .field("pops", (f, n, d) -> d.pops = f.integer(n, d.pops, 1, 1000))
          .field("zipf", (f, n, d) -> d.zipf = f.number(n, d.zipf, 1e-3, 10))
          .field(
              "requestsPerSecond",
              (f, n, d) -> d.requestsPerSecond = f.number(n, d.requestsPerSecond, 1e-3, 1e8))
          .field("window", (f, n, d) -> d.window = window(f, n))
          .field("limit", (f, n, d) -> d.limit = f.integer(n, 0, 0, Integer.MAX_VALUE))
          .field(
              "overLimitShare", (f, n, d) -> d.overLimitShare = f.number(n, d.overLimitShare, 0, 1))
          .field("multiPopShare", (f, n, d) -> d.multiPopShare = f.number(n, d.multiPopShare, 0, 1))
          .field("multiPops", (f, n, d) -> d.multiPops = f.integer(n, d.multiPops, 2, 1000))
          .field("roamShare", (f, n, d) -> d.roamShare = f.number(n, d.roamShare, 0, 1))
          .field("roamAt", (f, n, d) -> d.roamAt = f.number(n, d.roamAt, 0, 1e6))
          .field("duration", (f, n, d) -> d.duration = f.number(n, d.duration, 1e-3, 172_800))
          .field("latencyMillis", (f, n, d) -> d.latencyMillis = f.integer(n, 20, 0, 10_000))
          .field("seed", (f, n, d) -> d.seed = f.integer(n))
          .field(
              "roundMillis",
              (f, n, d) -> d.sharing = d.sharing.withRoundMillis(f.integer(n, 100, 10, 10_000)))
          .field(
              "restartAt", (f, n, d) -> d.faults = d.faults.withRestartAt(f.number(n, -1, 0, 1e6)))
          .field(
              "partitionAt",
              (f, n, d) -> d.faults = d.faults.withPartitionAt(f.number(n, -1, 0, 1e6)))
          .field(
              "partitionSeconds",
              (f, n, d) -> d.faults = d.faults.withPartitionSeconds(f.number(n, 0, 0, 1e6)))
          .field(
              "maxKeys",
              (f, n, d) -> d.sharing = d.sharing.withMaxKeys(f.integer(n, 1, 1, 1 << 30)))
          .build();

  private KeyedScenarioReader() {}

  /**
   * Whether {@code source} names a keyed scenario: a keyed builtin, or a file with {@code keys}.
   */
  public static boolean isKeyed(String source) throws InputException {
    if (source.startsWith("builtin:")) {
      return BUILTINS.containsKey(BuiltinQuery.parse(source).name());
    }
    JsonNode root = JsonFields.readObject(Path.of(source));
    return root.has("keys");
  }

  /** Reads {@code builtin:keys-zipf?...}, {@code builtin:keys-rate?...} or a file. */
  public static KeyedScenario read(String source) throws InputException {
    if (source.startsWith("builtin:")) {
      BuiltinQuery q = BuiltinQuery.parse(source);
      KeyedScenario base = BUILTINS.get(q.name());
      if (base == null) {
        throw new InputException(
            source, "", "unknown builtin (known: keys-zipf, keys-rate, keys-quota)");
      }
      ObjectNode node = JsonNodeFactory.instance.objectNode();
      for (Map.Entry<String, String> p : q.params().entrySet()) {
        if (p.getKey().equals("window")) {
          node.put(p.getKey(), p.getValue());
        } else {
          try {
            if (p.getValue().matches("-?\\d{1,18}")) {
              node.put(p.getKey(), Long.parseLong(p.getValue()));
            } else {
              node.put(p.getKey(), Double.parseDouble(p.getValue()));
            }
          } catch (NumberFormatException e) {
            throw new InputException(source, p.getKey(), "a number, got '" + p.getValue() + "'");
          }
        }
      }
      return read(JsonFields.of(source, node), base);
    }
    return read(JsonFields.read(Path.of(source)), ZIPF);
  }

  private static KeyedScenario read(JsonFields f, KeyedScenario defaults) throws InputException {
    KeyedScenario.Draft d = FIELDS.read(f, new KeyedScenario.Draft(defaults));
    try {
      return d.build();
    } catch (IllegalArgumentException e) {
      String msg = e.getMessage();
      int colon = msg.indexOf(':');
      throw f.error(
          colon > 0 ? msg.substring(0, colon) : "", colon > 0 ? msg.substring(colon + 2) : msg);
    }
  }

  private static KeyWindow window(JsonFields f, String n) throws InputException {
    try {
      return KeyWindow.parse(f.text(n));
    } catch (IllegalArgumentException e) {
      throw f.error(n, e.getMessage().substring("window: ".length()));
    }
  }
}
