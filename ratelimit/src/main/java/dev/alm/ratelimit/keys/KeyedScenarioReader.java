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
 * Reads a keyed scenario (docs/ratelimit/keys.md, "Scenarios"): a JSON file whose top-level {@code
 * keys} is the number of keys, or {@code builtin:keys-zipf?k=v&...} (the benchmark: 10 PoPs,
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
          KeyShareSettings.DEFAULTS);

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
          KeyShareSettings.DEFAULTS);

  private static final Map<String, KeyedScenario> BUILTINS =
      Map.of("keys-zipf", ZIPF, "keys-rate", RATE);

  /** The fields of a scenario, read onto a mutable copy. */
  private static final class Draft {
    int pops;
    int keys;
    double zipf;
    double rate;
    KeyWindow window;
    long limit;
    double over;
    double multi;
    int multiPops;
    double roam;
    double roamAt;
    double duration;
    long latency;
    long seed;
    KeyShareSettings s;

    Draft(KeyedScenario d) {
      pops = d.pops();
      keys = d.keys();
      zipf = d.zipf();
      rate = d.requestsPerSecond();
      window = d.window();
      limit = d.limit();
      over = d.overLimitShare();
      multi = d.multiPopShare();
      multiPops = d.multiPops();
      roam = d.roamShare();
      roamAt = d.roamAt();
      duration = d.duration();
      latency = d.latencyMillis();
      seed = d.seed();
      s = d.sharing();
    }

    KeyedScenario build() {
      return new KeyedScenario(
          pops, keys, zipf, rate, window, limit, over, multi, multiPops, roam, roamAt, duration,
          latency, seed, s);
    }
  }

  private static final JsonBinding<Draft> FIELDS =
      JsonBinding.<Draft>builder()
          .field("keys", (f, n, d) -> d.keys = f.integer(n, d.keys, 1, 100_000_000))
          .field("pops", (f, n, d) -> d.pops = f.integer(n, d.pops, 1, 1000))
          .field("zipf", (f, n, d) -> d.zipf = f.number(n, d.zipf, 1e-3, 10))
          .field("requestsPerSecond", (f, n, d) -> d.rate = f.number(n, d.rate, 1e-3, 1e8))
          .field("window", (f, n, d) -> d.window = window(f, n))
          .field("limit", (f, n, d) -> d.limit = f.integer(n, 0, 0, Integer.MAX_VALUE))
          .field("overLimitShare", (f, n, d) -> d.over = f.number(n, d.over, 0, 1))
          .field("multiPopShare", (f, n, d) -> d.multi = f.number(n, d.multi, 0, 1))
          .field("multiPops", (f, n, d) -> d.multiPops = f.integer(n, d.multiPops, 2, 1000))
          .field("roamShare", (f, n, d) -> d.roam = f.number(n, d.roam, 0, 1))
          .field("roamAt", (f, n, d) -> d.roamAt = f.number(n, d.roamAt, 0, 1e6))
          .field("duration", (f, n, d) -> d.duration = f.number(n, d.duration, 1e-3, 172_800))
          .field("latencyMillis", (f, n, d) -> d.latency = f.integer(n, 20, 0, 10_000))
          .field("seed", (f, n, d) -> d.seed = f.integer(n))
          .field(
              "roundMillis", (f, n, d) -> d.s = d.s.withRoundMillis(f.integer(n, 100, 10, 10_000)))
          .field("maxKeys", (f, n, d) -> d.s = d.s.withMaxKeys(f.integer(n, 1, 1, 1 << 30)))
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
        throw new InputException(source, "", "unknown builtin (known: keys-zipf, keys-rate)");
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
    Draft d = FIELDS.read(f, new Draft(defaults));
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
