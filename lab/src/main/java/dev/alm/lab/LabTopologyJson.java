package dev.alm.lab;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a lab topology file (docs/lab.md, "Topology format") strictly: unknown fields, missing
 * fields, bad values and inconsistent references are refused with one line naming the file, the
 * field and the reason. {@code builtin:NAME} names a topology shipped in the jar ({@link
 * #BUILTINS}).
 */
public final class LabTopologyJson {
  /** The builtin lab topologies. */
  public static final List<String> BUILTINS =
      List.of("lab-mini", "lab-fig2", "lab-8", "lab-skew", "lab-spill");

  private static final String PREFIX = "builtin:";
  private static final Set<String> TOP =
      Set.of("pops", "routers", "links", "eyeballs", "resolvers", "datacenter", "description");
  private static final Set<String> POP =
      Set.of("id", "as", "capacity", "eta", "gamma", "d", "providers");
  private static final Set<String> ROUTER = Set.of("id", "as", "providers", "peers");
  private static final Set<String> LINK = Set.of("a", "b", "delayMs", "loss");
  private static final Set<String> EYEBALL =
      Set.of("id", "demand", "resolver", "upstream", "delayMs");
  private static final Set<String> RESOLVER = Set.of("id", "upstream", "delayMs");
  private static final Set<String> STUB = Set.of("upstream", "delayMs");

  private LabTopologyJson() {}

  /** A file or {@code builtin:NAME}. */
  public static LabTopology resolve(String spec) throws InputException {
    if (!spec.startsWith(PREFIX)) {
      return read(Path.of(spec));
    }
    String name = spec.substring(PREFIX.length());
    if (!BUILTINS.contains(name)) {
      throw new InputException(
          "--topology", "", "unknown builtin '" + name + "' (known: " + BUILTINS + ")");
    }
    try (InputStream in = LabTopologyJson.class.getResourceAsStream(name + ".json")) {
      if (in == null) {
        throw new InputException(spec, "", "builtin missing from the jar");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return parse(spec, text);
    } catch (IOException e) {
      throw new InputException(spec, "", "cannot read: " + e.getMessage());
    }
  }

  /** Reads a topology file. */
  public static LabTopology read(Path file) throws InputException {
    return of(JsonFields.read(file));
  }

  /** Parses topology text, {@code source} naming it in errors. */
  public static LabTopology parse(String source, String text) throws InputException {
    JsonNode root;
    try {
      root = JsonFields.strictMapper().readTree(text);
    } catch (JsonProcessingException e) {
      throw new InputException(source, "", JsonFields.reason(e));
    }
    if (root == null || !root.isObject()) {
      throw new InputException(source, "", "expected a JSON object");
    }
    return of(JsonFields.of(source, root));
  }

  private static LabTopology of(JsonFields f) throws InputException {
    f.only(TOP);
    List<LabTopology.Pop> pops = new ArrayList<>();
    for (int i = 0; i < size(f, "pops"); i++) {
      JsonFields p = f.element("pops", i).only(POP);
      pops.add(
          new LabTopology.Pop(
              id(p),
              as(p),
              p.number("capacity", Double.NaN, 1e-9, 1e6),
              p.number("eta", 1, 1e-9, 1e6),
              p.number("gamma", 10, 1e-9, 1e6),
              p.number("d", 0.5, 0, 1e6),
              p.texts("providers")));
    }
    List<LabTopology.Router> routers = new ArrayList<>();
    for (int i = 0; i < size(f, "routers"); i++) {
      JsonFields r = f.element("routers", i).only(ROUTER);
      routers.add(
          new LabTopology.Router(
              id(r),
              as(r),
              r.has("providers") ? r.texts("providers") : List.of(),
              r.has("peers") ? r.texts("peers") : List.of()));
    }
    List<LabTopology.Link> links = new ArrayList<>();
    for (int i = 0; i < size(f, "links"); i++) {
      JsonFields l = f.element("links", i).only(LINK);
      links.add(
          new LabTopology.Link(
              required(l, "a"),
              required(l, "b"),
              l.number("delayMs", 1, 0, 10_000),
              l.number("loss", 0, 0, 100)));
    }
    List<LabTopology.Eyeball> eyeballs = new ArrayList<>();
    for (int i = 0; i < size(f, "eyeballs"); i++) {
      JsonFields e = f.element("eyeballs", i).only(EYEBALL);
      eyeballs.add(
          new LabTopology.Eyeball(
              id(e),
              e.number("demand", Double.NaN, 0, 1e6),
              e.text("resolver", LabTopology.ON_NET),
              required(e, "upstream"),
              e.number("delayMs", 1, 0, 10_000)));
    }
    List<LabTopology.Resolver> resolvers = new ArrayList<>();
    for (int i = 0; f.has("resolvers") && i < size(f, "resolvers"); i++) {
      JsonFields r = f.element("resolvers", i).only(RESOLVER);
      resolvers.add(
          new LabTopology.Resolver(
              id(r), required(r, "upstream"), r.number("delayMs", 1, 0, 10_000)));
    }
    if (!f.has("datacenter")) {
      throw f.error("datacenter", "required");
    }
    JsonFields d = f.object("datacenter").only(STUB);
    LabTopology.Stub dc =
        new LabTopology.Stub(required(d, "upstream"), d.number("delayMs", 10, 0, 10_000));
    try {
      return new LabTopology(pops, routers, links, eyeballs, resolvers, dc);
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      int colon = m.indexOf(": ");
      return fail(
          f, colon < 0 ? "" : m.substring(0, colon), colon < 0 ? m : m.substring(colon + 2));
    }
  }

  private static LabTopology fail(JsonFields f, String where, String reason) throws InputException {
    throw new InputException(f.file(), where, reason);
  }

  private static int size(JsonFields f, String field) throws InputException {
    if (!f.has(field)) {
      throw f.error(field, "required");
    }
    return f.array(field).size();
  }

  private static String required(JsonFields f, String field) throws InputException {
    if (!f.has(field)) {
      throw f.error(field, "required");
    }
    return f.text(field);
  }

  private static String id(JsonFields f) throws InputException {
    String id = required(f, "id");
    if (!LabTopology.ID.matcher(id).matches()) {
      throw f.error("id", "a lower-case letter then up to 7 letters or digits, got '" + id + "'");
    }
    return id;
  }

  private static int as(JsonFields f) throws InputException {
    return f.integer("as", Integer.MIN_VALUE, 1, 65534);
  }
}
