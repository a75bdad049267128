package dev.alm.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the demo cluster's customers ({@code alm cluster --customers FILE}, docs/cluster.md):
 *
 * <pre>
 * {"customers": [
 *   {"name": "api", "host": "api.shop.example", "limit": 300, "demand": 450,
 *    "phases": [{"at": 0}, {"at": 20, "pops": ["a", "b"]}, {"at": 50}]}]}
 * </pre>
 *
 * A phase without {@code pops} means every PoP. Strict: unknown fields, duplicates, non-finite
 * numbers and PoPs the topology lacks are refused with the file, the field and the reason.
 */
public final class CustomerLoadsJson {

  /** The builtins' prefix and names. */
  public static final String BUILTIN = "builtin:";

  /** Two customers: one over its limit whose demand moves as in paper 001 Fig. 9, one under. */
  public static final String TWO_CUSTOMERS = "two-customers";

  private static final String REQUIRED = "required";

  /** What a customer's fields are read onto: its builder, the names taken before it, the PoPs. */
  private record CustomerEntry(CustomerLoad.Builder b, Set<String> taken, List<String> ids) {}

  /** What a phase's fields are read onto: its builder, its place, the start before it, the PoPs. */
  private record PhaseEntry(
      CustomerLoad.Phase.Builder b, int index, double last, List<String> ids) {}

  private static final JsonBinding<PhaseEntry> PHASE =
      JsonBinding.<PhaseEntry>builder()
          .required("at", REQUIRED, CustomerLoadsJson::at)
          .field("pops", CustomerLoadsJson::pops)
          .build();

  private static final JsonBinding<CustomerEntry> CUSTOMER =
      JsonBinding.<CustomerEntry>builder()
          .required("name", "expected a string", CustomerLoadsJson::name)
          .required("host", "expected a string", CustomerLoadsJson::host)
          .required("limit", REQUIRED, (f, n, c) -> c.b().limit(f.number(n, Double.NaN, 1e-3, 1e9)))
          .required(
              "demand", REQUIRED, (f, n, c) -> c.b().demand(f.number(n, Double.NaN, 1e-3, 1e9)))
          .field("phases", CustomerLoadsJson::phases)
          .build();

  /** What the document is read onto: the PoPs known, and the customers read. */
  private record Document(List<String> ids, List<CustomerLoad> customers) {}

  private static final JsonBinding<Document> DOCUMENT =
      JsonBinding.<Document>builder()
          .required("customers", "expected a list", CustomerLoadsJson::customers)
          .build();

  private CustomerLoadsJson() {}

  /**
   * Reads {@code spec}: a file, or {@code builtin:two-customers} sized for a fleet whose proxies
   * serve {@code capacity} requests/s in all, checking PoP names against {@code ids}.
   */
  public static List<CustomerLoad> read(String spec, List<String> ids, double capacity)
      throws InputException {
    if (spec.startsWith(BUILTIN)) {
      String name = spec.substring(BUILTIN.length());
      if (!name.equals(TWO_CUSTOMERS)) {
        throw new InputException(
            "--customers", spec, "unknown builtin; builtin:" + TWO_CUSTOMERS + " exists");
      }
      return twoCustomers(ids, capacity);
    }
    return parse(JsonFields.read(Path.of(spec)), ids);
  }

  /**
   * {@code builtin:two-customers} for the fleet {@code ids} whose proxies serve {@code capacity}
   * requests/s in all: "api" (limit 10% of the capacity, demand 1.5 times its limit) at every PoP,
   * then for 30 s only at the first min(4, n - 1) PoPs from 20 s, then at all again (paper 001 Fig.
   * 9, scaled); "static" (limit 6% of the capacity, demand two thirds of its limit) at every PoP
   * throughout. Sized so that the customers leave the proxies room for the CDN's other users.
   */
  public static List<CustomerLoad> twoCustomers(List<String> ids, double capacity) {
    double api = Math.max(1, Math.round(0.10 * capacity));
    double blog = Math.max(1, Math.round(0.06 * capacity));
    int few = Math.max(1, Math.min(4, ids.size() - 1));
    List<String> some = ids.subList(0, few);
    return List.of(
        new CustomerLoad(
            "api",
            "api.shop.example",
            api,
            1.5 * api,
            List.of(
                new CustomerLoad.Phase(0, List.of()),
                new CustomerLoad.Phase(20, some),
                new CustomerLoad.Phase(50, List.of()))),
        new CustomerLoad("static", "www.blog.example", blog, blog * 2 / 3, List.of()));
  }

  /** Reads a customers document from a stream (tests, resources). */
  public static List<CustomerLoad> parse(String source, InputStream in, List<String> ids)
      throws InputException {
    try {
      JsonNode node = JsonFields.strictMapper().readTree(in);
      if (node == null || !node.isObject()) {
        throw new InputException(source, "", "not a JSON object");
      }
      return parse(JsonFields.of(source, node), ids);
    } catch (IOException e) {
      throw new InputException(
          source,
          "",
          e instanceof JsonProcessingException j ? JsonFields.reason(j) : e.getMessage());
    }
  }

  private static List<CustomerLoad> parse(JsonFields root, List<String> ids) throws InputException {
    return List.copyOf(DOCUMENT.read(root, new Document(ids, new ArrayList<>())).customers());
  }

  private static void customers(JsonFields root, String field, Document d) throws InputException {
    JsonNode array = root.array(field);
    if (array.isEmpty()) {
      throw root.error(field, "at least one customer");
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < array.size(); i++) {
      CustomerEntry c =
          CUSTOMER.read(
              root.element(field, i), new CustomerEntry(CustomerLoad.builder(), names, d.ids()));
      d.customers().add(c.b().build());
    }
  }

  private static void name(JsonFields c, String field, CustomerEntry d) throws InputException {
    String name = c.text(field);
    if (!d.taken().add(name)) {
      throw c.error(field, "duplicate customer " + name);
    }
    if (!name.matches("[A-Za-z0-9_.-]{1,64}")) {
      throw c.error(field, "1 to 64 letters, digits, '_', '.', '-'");
    }
    d.b().name(name);
  }

  private static void host(JsonFields c, String field, CustomerEntry d) throws InputException {
    String host = c.text(field);
    if (!host.matches("[A-Za-z0-9.-]{1,253}")) {
      throw c.error(field, "not a host name: " + host);
    }
    d.b().host(host);
  }

  private static void phases(JsonFields c, String field, CustomerEntry d) throws InputException {
    JsonNode ps = c.array(field);
    List<CustomerLoad.Phase> phases = new ArrayList<>();
    double last = -1;
    for (int k = 0; k < ps.size(); k++) {
      PhaseEntry e = new PhaseEntry(CustomerLoad.Phase.builder(), k, last, d.ids());
      CustomerLoad.Phase p = PHASE.read(c.element(field, k), e).b().build();
      last = p.at();
      phases.add(p);
    }
    d.b().phases(phases);
  }

  private static void at(JsonFields p, String field, PhaseEntry d) throws InputException {
    double at = p.number(field, Double.NaN, 0, 1e7);
    if (d.index() == 0 && at != 0) {
      throw p.error(field, "the first phase starts at 0");
    }
    if (at <= d.last()) {
      throw p.error(field, "phases start in increasing order");
    }
    d.b().at(at);
  }

  private static void pops(JsonFields p, String field, PhaseEntry d) throws InputException {
    List<String> pops = p.texts(field);
    for (String id : pops) {
      if (!d.ids().contains(id)) {
        throw p.error(field, "no PoP " + id + " in the topology " + d.ids());
      }
    }
    if (pops.isEmpty()) {
      throw p.error(field, "leave it out for every PoP; an empty list sends nothing");
    }
    d.b().pops(pops);
  }
}
