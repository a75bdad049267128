package dev.alm.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
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
    root.only(Set.of("customers"));
    JsonNode array = root.array("customers");
    if (array.isEmpty()) {
      throw root.error("customers", "at least one customer");
    }
    List<CustomerLoad> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < array.size(); i++) {
      JsonFields c = root.element("customers", i);
      c.only(Set.of("name", "host", "limit", "demand", "phases"));
      String name = c.text("name");
      if (!names.add(name)) {
        throw c.error("name", "duplicate customer " + name);
      }
      if (!name.matches("[A-Za-z0-9_.-]{1,64}")) {
        throw c.error("name", "1 to 64 letters, digits, '_', '.', '-'");
      }
      String host = c.text("host");
      if (!host.matches("[A-Za-z0-9.-]{1,253}")) {
        throw c.error("host", "not a host name: " + host);
      }
      double limit = c.number("limit", Double.NaN, 1e-3, 1e9);
      double demand = c.number("demand", Double.NaN, 1e-3, 1e9);
      List<CustomerLoad.Phase> phases = new ArrayList<>();
      if (c.has("phases")) {
        JsonNode ps = c.array("phases");
        double last = -1;
        for (int k = 0; k < ps.size(); k++) {
          JsonFields p = c.element("phases", k);
          p.only(Set.of("at", "pops"));
          double at = p.number("at", Double.NaN, 0, 1e7);
          if (k == 0 && at != 0) {
            throw p.error("at", "the first phase starts at 0");
          }
          if (at <= last) {
            throw p.error("at", "phases start in increasing order");
          }
          last = at;
          List<String> pops = p.has("pops") ? p.texts("pops") : List.of();
          for (String id : pops) {
            if (!ids.contains(id)) {
              throw p.error("pops", "no PoP " + id + " in the topology " + ids);
            }
          }
          if (p.has("pops") && pops.isEmpty()) {
            throw p.error("pops", "leave it out for every PoP; an empty list sends nothing");
          }
          phases.add(new CustomerLoad.Phase(at, pops));
        }
      }
      out.add(new CustomerLoad(name, host, limit, demand, phases));
    }
    return List.copyOf(out);
  }
}
