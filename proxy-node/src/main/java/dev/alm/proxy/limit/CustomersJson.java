package dev.alm.proxy.limit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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

  private static final Set<String> DOCUMENT = Set.of("customers");
  private static final Set<String> FIELDS =
      Set.of(
          "name",
          "hosts",
          "requestsPerSecond",
          "bytesPerSecond",
          "burstSeconds",
          "perClientRequestsPerSecond",
          "mode",
          "algorithm");

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
    f.only(DOCUMENT);
    if (!f.has("customers")) {
      throw f.error("customers", "required (a list, empty for none)");
    }
    return list(f, "customers");
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
    c.only(FIELDS);
    if (!c.has("name")) {
      throw c.error("name", "required");
    }
    if (!c.has("hosts")) {
      throw c.error("hosts", "required (a host name, a .suffix, or a list of them)");
    }
    String name = c.text("name", null);
    List<String> hosts = c.texts("hosts");
    double rps = c.number("requestsPerSecond", 0, 0, CustomerSpec.MAX_RATE);
    double bps = c.number("bytesPerSecond", 0, 0, CustomerSpec.MAX_RATE);
    double burst = c.number("burstSeconds", CustomerSpec.DEFAULT_BURST_SECONDS, 1e-3, 60);
    double perClient = c.number("perClientRequestsPerSecond", 0, 0, CustomerSpec.MAX_RATE);
    String m = c.text("mode", LimitMode.DRL.label());
    LimitMode mode = LimitMode.of(m);
    if (mode == null) {
      throw c.error("mode", "expected drl, independent, static or central, got '" + m + "'");
    }
    String algorithm = c.has("algorithm") ? c.text("algorithm") : null;
    try {
      return new CustomerSpec(name, hosts, rps, bps, burst, perClient, mode, algorithm);
    } catch (IllegalArgumentException e) {
      throw c.error(field(e), reason(e));
    }
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
