package dev.alm.proxy.limit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads customers (docs/ratelimit/enforcement.md): the {@code customers} list of a proxy config, a
 * customers file ({@code --customers FILE}) or the body of {@code POST /customers}, the last two
 * being {@code {"customers": [...]}}. Strict: unknown fields, wrong types, bad values and
 * duplicates are one-line {@link InputException}s naming the source and the field ({@code
 * customers[1].mode}).
 *
 * <pre>
 * {"customers": [
 *   {"name": "acme", "hosts": ["acme.example", ".cdn.acme.example"], "requestsPerSecond": 500,
 *    "burstSeconds": 1, "perClientRequestsPerSecond": 20, "mode": "drl", "algorithm": "share"},
 *   {"name": "video", "hosts": ".video.example", "bytesPerSecond": 1250000, "mode": "static"}
 * ]}
 * </pre>
 */
public final class CustomersJson {

  /** A customer's fields; both required ones are looked for before any is read. */
  private static final JsonBinding<CustomerSpec.Builder> FIELDS =
      JsonBinding.<CustomerSpec.Builder>builder()
          .requires("name", "required")
          .requires("hosts", "required (a host name, a .suffix, or a list of them)")
          .field("name", (f, n, c) -> c.name(f.text(n, null)))
          .value("hosts", JsonFields::texts, CustomerSpec.Builder::hosts)
          .field("requestsPerSecond", (f, n, c) -> c.requestsPerSecond(rate(f, n)))
          .field("bytesPerSecond", (f, n, c) -> c.bytesPerSecond(rate(f, n)))
          .field(
              "burstSeconds",
              (f, n, c) ->
                  c.burstSeconds(f.number(n, CustomerSpec.DEFAULT_BURST_SECONDS, 1e-3, 60)))
          .field(
              "perClientRequestsPerSecond", (f, n, c) -> c.perClientRequestsPerSecond(rate(f, n)))
          .field("mode", (f, n, c) -> c.mode(mode(f, n)))
          .text("algorithm", CustomerSpec.Builder::algorithm)
          .field("keys", (f, n, c) -> c.keys(KeyRuleJson.read(f.object(n))))
          .build();

  /** A customers document: the list, and nothing else. */
  private static final JsonBinding<List<CustomerSpec>> DOCUMENT =
      JsonBinding.<List<CustomerSpec>>builder()
          .required(
              "customers", "required (a list, empty for none)", (f, n, l) -> l.addAll(list(f, n)))
          .build();

  /** The largest number of customers in one list. */
  public static final int MAX_CUSTOMERS = 10_000;

  private CustomersJson() {}

  /** Reads a customers file, {@code {"customers": [...]}}. */
  public static List<CustomerSpec> readFile(Path file) throws InputException {
    return document(JsonFields.read(file));
  }

  /**
   * Reads a customers document from text (the body of {@code POST /customers}).
   *
   * @param source names the text in errors
   */
  public static List<CustomerSpec> parse(String source, String text) throws InputException {
    JsonNode root;
    try {
      root = JsonFields.strictMapper().readTree(text);
    } catch (JsonProcessingException e) {
      throw new InputException(
          source,
          e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr(),
          JsonFields.reason(e));
    }
    if (root == null || !root.isObject()) {
      throw new InputException(source, "", "expected a JSON object {\"customers\": [...]}");
    }
    return document(JsonFields.of(source, root));
  }

  private static List<CustomerSpec> document(JsonFields f) throws InputException {
    return DOCUMENT.read(f, new ArrayList<>());
  }

  /** Reads the list {@code field} of {@code f}: one object per customer. */
  public static List<CustomerSpec> list(JsonFields f, String field) throws InputException {
    JsonNode list = f.array(field);
    if (list.size() > MAX_CUSTOMERS) {
      throw f.error(field, "at most " + MAX_CUSTOMERS + " customers, got " + list.size());
    }
    List<CustomerSpec> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(customer(f.element(field, i)));
    }
    try {
      CustomersConfig.NONE.withCustomers(out);
    } catch (IllegalArgumentException e) {
      throw f.error(field, reason(e));
    }
    return out;
  }

  private static CustomerSpec customer(JsonFields c) throws InputException {
    CustomerSpec.Builder b = FIELDS.read(c, CustomerSpec.builder());
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw c.error(field(e), reason(e));
    }
  }

  private static double rate(JsonFields c, String field) throws InputException {
    return c.number(field, 0, 0, CustomerSpec.MAX_RATE);
  }

  private static LimitMode mode(JsonFields c, String field) throws InputException {
    String m = c.text(field, CustomerSpec.DEFAULT_MODE.label());
    LimitMode mode = LimitMode.of(m);
    if (mode == null) {
      throw c.error(field, "expected drl, independent, static or central, got '" + m + "'");
    }
    return mode;
  }

  /** The field of a record's {@code field: reason} message. */
  static String field(IllegalArgumentException e) {
    String m = String.valueOf(e.getMessage());
    int c = m.indexOf(": ");
    return c > 0 && m.lastIndexOf(' ', c) < 0 ? m.substring(0, c) : "";
  }

  /** The reason of a record's {@code field: reason} message. */
  static String reason(IllegalArgumentException e) {
    String m = String.valueOf(e.getMessage());
    String f = field(e);
    return f.isEmpty() ? m : m.substring(f.length() + 2);
  }
}
