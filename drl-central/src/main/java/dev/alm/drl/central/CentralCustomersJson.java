package dev.alm.drl.central;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a central limiter's customers file: a JSON array of customers, each with a name, a limit in
 * units/s, an optional burst in units (default: one second of the limit), and an optional per-key
 * limit for the token server (docs/ratelimit/keys-central.md): at most {@code limit} requests of
 * each key per fixed {@code window} of 1s, 1m, 1h or 1d.
 *
 * <pre>
 * [
 *   {"name": "acme", "limit": 1000, "burst": 2000, "keys": {"limit": 100, "window": "1m"}},
 *   {"name": "globex", "limit": 250}
 * ]
 * </pre>
 *
 * Strict: unknown fields, duplicate keys, duplicate names, non-positive limits and names longer
 * than {@value LeaseCodec#MAX_NAME_BYTES} UTF-8 bytes are errors naming the file, the element and
 * the reason ({@code customers.json: [1].limit: must be in [1e-09, 1e+15], got 0}; {@code
 * customers.json: [0].keys.window: must be 1s, 1m, 1h or 1d, got '2m'}).
 */
public final class CentralCustomersJson {

  /** The customers' global limits, and the per-key limits of those that have one. */
  public record Customers(List<CentralLimit> limits, List<CentralKeyLimit> keys) {}

  /** One customer's fields as read, and the names taken before it, for the record. */
  private static final class Draft {
    final Set<String> taken;
    String name;
    double limit;
    double burst = Double.NaN;
    int keyLimit;
    long keyWindow = -1;

    Draft(Set<String> taken) {
      this.taken = taken;
    }
  }

  /** A customer's fields: both required ones are looked for before any is read. */
  private static final JsonBinding<Draft> FIELDS =
      JsonBinding.<Draft>builder()
          .requires("name", "required")
          .requires("limit", "required")
          .field("name", CentralCustomersJson::name)
          .field(
              "limit",
              (f, n, d) -> d.limit = f.number(n, Double.NaN, 1e-9, JsonFields.MAX_MAGNITUDE))
          .field("burst", (f, n, d) -> d.burst = f.number(n, 1, 1, JsonFields.MAX_MAGNITUDE))
          .object("keys", keyFields())
          .build();

  /** A customer's per-key limit: both fields required. */
  private static JsonBinding<Draft> keyFields() {
    return JsonBinding.<Draft>builder()
        .requires("limit", "required")
        .requires("window", "required")
        .field(
            "limit",
            (f, n, d) -> d.keyLimit = f.integer(n, Integer.MIN_VALUE, 1, Integer.MAX_VALUE))
        .field("window", CentralCustomersJson::window)
        .build();
  }

  private CentralCustomersJson() {}

  /** Reads the global limits of {@code file}. */
  public static List<CentralLimit> read(Path file) throws InputException {
    return readAll(file).limits();
  }

  /** Reads {@code file}: the global limits and the per-key limits. */
  public static Customers readAll(Path file) throws InputException {
    String source = file.toString();
    JsonNode root;
    try {
      root = JsonFields.strictMapper().readTree(Files.readString(file));
    } catch (JsonProcessingException e) {
      throw new InputException(
          source,
          e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr(),
          JsonFields.reason(e));
    } catch (NoSuchFileException e) {
      throw new InputException(source, "", "no such file");
    } catch (CharacterCodingException e) {
      throw new InputException(source, "", "not UTF-8 text (a JSON file is expected)");
    } catch (IOException e) {
      throw new InputException(source, "", "cannot read: " + e.getMessage());
    }
    return readAll(source, root);
  }

  /** Reads the global limits of an already parsed array whose errors name {@code source}. */
  public static List<CentralLimit> read(String source, JsonNode root) throws InputException {
    return readAll(source, root).limits();
  }

  /** Reads an already parsed array whose errors name {@code source}. */
  public static Customers readAll(String source, JsonNode root) throws InputException {
    if (root == null || !root.isArray()) {
      throw new InputException(source, "", "expected a JSON array of customers");
    }
    List<CentralLimit> out = new ArrayList<>();
    List<CentralKeyLimit> keys = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < root.size(); i++) {
      JsonNode n = root.get(i);
      if (!n.isObject()) {
        throw new InputException(source, "[" + i + "]", "expected an object");
      }
      Draft d = FIELDS.read(JsonFields.of(source, "[" + i + "]", n), new Draft(names));
      out.add(
          new CentralLimit(
              d.name, d.limit, Double.isNaN(d.burst) ? Math.max(1, d.limit) : d.burst));
      if (d.keyWindow > 0) {
        keys.add(new CentralKeyLimit(d.name, d.keyLimit, d.keyWindow));
      }
    }
    return new Customers(List.copyOf(out), List.copyOf(keys));
  }

  /** A per-key window: 1s, 1m, 1h or 1d, fixed. */
  private static void window(JsonFields f, String field, Draft d) throws InputException {
    String text = f.text(field);
    long ms = CentralKeyLimit.windowMillis(text);
    if (ms < 0) {
      throw f.error(field, "must be 1s, 1m, 1h or 1d, got '" + text + "'");
    }
    d.keyWindow = ms;
  }

  /** A customer's name: 1 to {@value LeaseCodec#MAX_NAME_BYTES} UTF-8 bytes, not taken before. */
  private static void name(JsonFields f, String field, Draft d) throws InputException {
    String name = f.text(field);
    int bytes = name.getBytes(StandardCharsets.UTF_8).length;
    if (bytes < 1 || bytes > LeaseCodec.MAX_NAME_BYTES) {
      throw f.error(field, "must be 1 to " + LeaseCodec.MAX_NAME_BYTES + " UTF-8 bytes");
    }
    if (!d.taken.add(name)) {
      throw f.error(field, "duplicate customer '" + name + "'");
    }
    d.name = name;
  }
}
