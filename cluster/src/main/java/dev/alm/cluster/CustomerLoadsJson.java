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

  /** One customer's fields as read, and the names taken before it. */
  private static final class Draft {
    final Set<String> taken;
    final List<String> ids;
    String name;
    String host;
    double limit;
    double demand;
    List<CustomerLoad.Phase> phases = List.of();

    Draft(Set<String> taken, List<String> ids) {
      this.taken = taken;
      this.ids = ids;
    }
  }

  /** One phase's fields as read: its place in the list, the start before it, the PoPs known. */
  private static final class PhaseDraft {
    final int index;
    final double last;
    final List<String> ids;
    double at;
    List<String> pops = List.of();

    PhaseDraft(int index, double last, List<String> ids) {
      this.index = index;
      this.last = last;
      this.ids = ids;
    }
  }

  private static final JsonBinding<PhaseDraft> PHASE =
      JsonBinding.<PhaseDraft>builder()
          .required("at", REQUIRED, CustomerLoadsJson::at)
          .field("pops", CustomerLoadsJson::pops)
          .build();

  private static final JsonBinding<Draft> CUSTOMER =
      JsonBinding.<Draft>builder()
          .required("name", "expected a string", CustomerLoadsJson::name)
          .required("host", "expected a string", CustomerLoadsJson::host)
          .required("limit", REQUIRED, (f, n, c) -> c.limit = f.number(n, Double.NaN, 1e-3, 1e9))
          .required("demand", REQUIRED, (f, n, c) -> c.demand = f.number(n, Double.NaN, 1e-3, 1e9))
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
      Draft c = CUSTOMER.read(root.element(field, i), new Draft(names, d.ids()));
      d.customers().add(new CustomerLoad(c.name, c.host, c.limit, c.demand, c.phases));
    }
  }

  private static void name(JsonFields c, String field, Draft d) throws InputException {
    String name = c.text(field);
    if (!d.taken.add(name)) {
      throw c.error(field, "duplicate customer " + name);
    }
    if (!name.matches("[A-Za-z0-9_.-]{1,64}")) {
      throw c.error(field, "1 to 64 letters, digits, '_', '.', '-'");
    }
    d.name = name;
  }

  private static void host(JsonFields c, String field, Draft d) throws InputException {
    String host = c.text(field);
    if (!host.matches("[A-Za-z0-9.-]{1,253}")) {
      throw c.error(field, "not a host name: " + host);
    }
    d.host = host;
  }

  private static void phases(JsonFields c, String field, Draft d) throws InputException {
    JsonNode ps = c.array(field);
    List<CustomerLoad.Phase> phases = new ArrayList<>();
    double last = -1;
    for (int k = 0; k < ps.size(); k++) {
      PhaseDraft p = PHASE.read(c.element(field, k), new PhaseDraft(k, last, d.ids));
      last = p.at;
      phases.add(new CustomerLoad.Phase(p.at, p.pops));
    }
    d.phases = phases;
  }

  private static void at(JsonFields p, String field, PhaseDraft d) throws InputException {
    double at = p.number(field, Double.NaN, 0, 1e7);
    if (d.index == 0 && at != 0) {
      throw p.error(field, "the first phase starts at 0");
    }
    if (at <= d.last) {
      throw p.error(field, "phases start in increasing order");
    }
    d.at = at;
  }

  private static void pops(JsonFields p, String field, PhaseDraft d) throws InputException {
    List<String> pops = p.texts(field);
    for (String id : pops) {
      if (!d.ids.contains(id)) {
        throw p.error(field, "no PoP " + id + " in the topology " + d.ids);
      }
    }
    if (pops.isEmpty()) {
      throw p.error(field, "leave it out for every PoP; an empty list sends nothing");
    }
    d.pops = pops;
  }
}
