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
 * units/s and an optional burst in units (default: one second of the limit).
 *
 * <pre>
 * [
 *   {"name": "acme", "limit": 1000, "burst": 2000},
 *   {"name": "globex", "limit": 250}
 * ]
 * </pre>
 *
 * Strict: unknown fields, duplicate keys, duplicate names, non-positive limits and names longer
 * than {@value LeaseCodec#MAX_NAME_BYTES} UTF-8 bytes are errors naming the file, the element and
 * the reason ({@code customers.json: [1].limit: must be in [1e-09, 1e+15], got 0}).
 */
public final class CentralCustomersJson {

  /** One customer's fields as read, and the names taken before it, for the record. */
  private static final class Draft {
    final Set<String> taken;
    String name;
    double limit;
    double burst = Double.NaN;

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
          .build();

  private CentralCustomersJson() {}

  /** Reads {@code file}. */
  public static List<CentralLimit> read(Path file) throws InputException {
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
    return read(source, root);
  }

  /** Reads an already parsed array whose errors name {@code source}. */
  public static List<CentralLimit> read(String source, JsonNode root) throws InputException {
    if (root == null || !root.isArray()) {
      throw new InputException(source, "", "expected a JSON array of customers");
    }
    List<CentralLimit> out = new ArrayList<>();
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
    }
    return List.copyOf(out);
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
