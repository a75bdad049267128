package dev.alm.proxy.limit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import dev.alm.ratelimit.keys.KeyWindow;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a customer's {@code keys} object (docs/ratelimit/keys.md):
 *
 * <pre>
 * "keys": {"key": "header:X-Api-Key", "limit": 1000, "window": "1h",
 *          "overrides": [{"key": "partner-7", "limit": 50000}], "overridesFile": "keys.csv",
 *          "maxKeys": 1048576, "stateFile": "/var/lib/alm/api-keys.state"}
 * </pre>
 *
 * Strict, as the rest of a customer: one line naming the field ({@code customers[0].keys.window:
 * ...}). A relative {@code overridesFile} is read from the directory of the file the customers come
 * from (the working directory for {@code POST /customers}).
 */
final class KeyRuleJson {

  /** The fields, read onto a draft of the rule. */
  private static final class Draft {
    KeyDescriptor key;
    long limit = -1;
    KeyWindow window = KeyWindow.SECOND;
    Map<String, Long> overrides = new HashMap<>();
    String file;
    int maxKeys = KeyRule.DEFAULT_MAX_KEYS;
    String stateFile;
  }

  private static final JsonBinding<Draft> FIELDS =
      JsonBinding.<Draft>builder()
          .required(
              "key",
              "required (header:NAME, client, path-prefix:N or query:NAME)",
              (f, n, d) -> d.key = checked(f, n, () -> KeyDescriptor.of(f.text(n))))
          .required(
              "limit",
              "required (requests per key per window)",
              (f, n, d) -> d.limit = f.integer(n, 0, 0, Integer.MAX_VALUE))
          .field("window", (f, n, d) -> d.window = checked(f, n, () -> KeyWindow.parse(f.text(n))))
          .field("overrides", (f, n, d) -> overrides(f, n, d.overrides))
          .field("overridesFile", (f, n, d) -> d.file = f.text(n))
          .field("maxKeys", (f, n, d) -> d.maxKeys = f.integer(n, d.maxKeys, 1, 1 << 26))
          .field("stateFile", (f, n, d) -> d.stateFile = f.text(n))
          .build();

  private KeyRuleJson() {}

  static KeyRule read(JsonFields f) throws InputException {
    Draft d = FIELDS.read(f, new Draft());
    if (d.file != null) {
      Path p = Path.of(d.file);
      Path base = Path.of(f.file()).getParent();
      if (!p.isAbsolute() && base != null && f.file().endsWith(".json")) {
        p = base.resolve(p);
      }
      for (Map.Entry<String, Long> e : KeyOverrides.read(p).entrySet()) {
        if (d.overrides.putIfAbsent(e.getKey(), e.getValue()) != null) {
          throw f.error("overridesFile", "key '" + e.getKey() + "' is also in overrides");
        }
      }
    }
    try {
      return new KeyRule(
          d.key, d.limit, d.window, d.overrides, d.file, d.maxKeys, resolve(f, d.stateFile));
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      String field = m.substring("keys.".length(), m.indexOf(':'));
      throw f.error(field, m.substring(m.indexOf(':') + 2));
    }
  }

  /** A relative path read from the directory of the customers file, as {@code overridesFile}. */
  private static String resolve(JsonFields f, String path) {
    if (path == null) {
      return null;
    }
    Path p = Path.of(path);
    Path base = Path.of(f.file()).getParent();
    return !p.isAbsolute() && base != null && f.file().endsWith(".json")
        ? base.resolve(p).toString()
        : path;
  }

  private static void overrides(JsonFields f, String n, Map<String, Long> out)
      throws InputException {
    JsonNode list = f.array(n);
    for (int i = 0; i < list.size(); i++) {
      JsonFields o = f.element(n, i);
      o.only(java.util.Set.of("key", "limit"));
      if (!o.has("key") || !o.has("limit")) {
        throw o.error(o.has("key") ? "limit" : "key", "required");
      }
      String key = o.text("key");
      if (out.put(key, (long) o.integer("limit", 0, 0, Integer.MAX_VALUE)) != null) {
        throw o.error("key", "'" + key + "' named twice");
      }
    }
  }

  /** A value whose own check fails with {@code keys.field: reason} or {@code field: reason}. */
  private interface Check<T> {
    T get() throws InputException;
  }

  private static <T> T checked(JsonFields f, String n, Check<T> c) throws InputException {
    try {
      return c.get();
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      throw f.error(n, m.substring(m.indexOf(':') + 2));
    }
  }
}
