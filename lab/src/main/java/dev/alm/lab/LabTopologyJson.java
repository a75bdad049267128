package dev.alm.lab;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

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
  private static final String REQUIRED = "required";

  /** One part of the topology as read (a PoP, a router, ...): each part's binding sets its own. */
  private static final class Part {
    String id;
    int as;
    double capacity;
    double eta = 1;
    double gamma = 10;
    double d = 0.5;
    List<String> providers = List.of();
    List<String> peers = List.of();
    String a;
    String b;
    double delayMs;
    double loss;
    double demand;
    String resolver = LabTopology.ON_NET;
    String upstream;

    /** A part whose access delay is {@code delayMs} unless given. */
    Part(double delayMs) {
      this.delayMs = delayMs;
    }
  }

  /** The parts read, before the topology checks them together. */
  private static final class Parts {
    List<LabTopology.Pop> pops;
    List<LabTopology.Router> routers;
    List<LabTopology.Link> links;
    List<LabTopology.Eyeball> eyeballs;
    List<LabTopology.Resolver> resolvers = List.of();
    LabTopology.Stub datacenter;
  }

  private static final JsonBinding<Part> POP =
      JsonBinding.<Part>builder()
          .required("id", REQUIRED, LabTopologyJson::id)
          .required("as", REQUIRED, LabTopologyJson::as)
          .required("capacity", REQUIRED, (f, n, p) -> p.capacity = f.number(n, 0, 1e-9, 1e6))
          .field("eta", (f, n, p) -> p.eta = f.number(n, 1, 1e-9, 1e6))
          .field("gamma", (f, n, p) -> p.gamma = f.number(n, 10, 1e-9, 1e6))
          .field("d", (f, n, p) -> p.d = f.number(n, 0.5, 0, 1e6))
          .required(
              "providers", "expected a list of strings", (f, n, p) -> p.providers = f.texts(n))
          .build();

  private static final JsonBinding<Part> ROUTER =
      JsonBinding.<Part>builder()
          .required("id", REQUIRED, LabTopologyJson::id)
          .required("as", REQUIRED, LabTopologyJson::as)
          .value("providers", JsonFields::texts, (p, v) -> p.providers = v)
          .value("peers", JsonFields::texts, (p, v) -> p.peers = v)
          .build();

  private static final JsonBinding<Part> LINK =
      JsonBinding.<Part>builder()
          .required("a", REQUIRED, (f, n, p) -> p.a = f.text(n))
          .required("b", REQUIRED, (f, n, p) -> p.b = f.text(n))
          .field("delayMs", LabTopologyJson::delayMs)
          .field("loss", (f, n, p) -> p.loss = f.number(n, 0, 0, 100))
          .build();

  private static final JsonBinding<Part> EYEBALL =
      JsonBinding.<Part>builder()
          .required("id", REQUIRED, LabTopologyJson::id)
          .required("demand", REQUIRED, (f, n, p) -> p.demand = f.number(n, 0, 0, 1e6))
          .field("resolver", (f, n, p) -> p.resolver = f.text(n, LabTopology.ON_NET))
          .required("upstream", REQUIRED, LabTopologyJson::upstream)
          .field("delayMs", LabTopologyJson::delayMs)
          .build();

  private static final JsonBinding<Part> RESOLVER =
      JsonBinding.<Part>builder()
          .required("id", REQUIRED, LabTopologyJson::id)
          .required("upstream", REQUIRED, LabTopologyJson::upstream)
          .field("delayMs", LabTopologyJson::delayMs)
          .build();

  private static final JsonBinding<Part> STUB =
      JsonBinding.<Part>builder()
          .required("upstream", REQUIRED, LabTopologyJson::upstream)
          .field("delayMs", LabTopologyJson::delayMs)
          .build();

  /** The file's fields, in the order they are read. */
  private static final JsonBinding<Parts> TOP =
      JsonBinding.<Parts>builder()
          .required("pops", REQUIRED, parts(POP, LabTopologyJson::pop, (t, v) -> t.pops = v))
          .required(
              "routers", REQUIRED, parts(ROUTER, LabTopologyJson::router, (t, v) -> t.routers = v))
          .required("links", REQUIRED, parts(LINK, LabTopologyJson::link, (t, v) -> t.links = v))
          .required(
              "eyeballs",
              REQUIRED,
              parts(EYEBALL, LabTopologyJson::eyeball, (t, v) -> t.eyeballs = v))
          .field("resolvers", parts(RESOLVER, LabTopologyJson::resolver, (t, v) -> t.resolvers = v))
          .required(
              "datacenter",
              REQUIRED,
              (f, n, t) -> {
                Part d = STUB.read(f.object(n), new Part(10));
                t.datacenter = new LabTopology.Stub(d.upstream, d.delayMs);
              })
          .field("description", (f, n, t) -> {}) // for the reader of the file
          .build();

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
    Parts t = TOP.read(f, new Parts());
    try {
      return new LabTopology(t.pops, t.routers, t.links, t.eyeballs, t.resolvers, t.datacenter);
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

  /**
   * A list field: one object per part, each read by {@code binding} and made by {@code make}; the
   * list is set by {@code set}.
   */
  private static <T> JsonBinding.Setter<Parts> parts(
      JsonBinding<Part> binding, Function<Part, T> make, BiConsumer<Parts, List<T>> set) {
    return (f, field, t) -> {
      List<T> out = new ArrayList<>();
      for (int i = 0, n = f.array(field).size(); i < n; i++) {
        out.add(make.apply(binding.read(f.element(field, i), new Part(1))));
      }
      set.accept(t, out);
    };
  }

  private static LabTopology.Pop pop(Part p) {
    return new LabTopology.Pop(p.id, p.as, p.capacity, p.eta, p.gamma, p.d, p.providers);
  }

  private static LabTopology.Router router(Part p) {
    return new LabTopology.Router(p.id, p.as, p.providers, p.peers);
  }

  private static LabTopology.Link link(Part p) {
    return new LabTopology.Link(p.a, p.b, p.delayMs, p.loss);
  }

  private static LabTopology.Eyeball eyeball(Part p) {
    return new LabTopology.Eyeball(p.id, p.demand, p.resolver, p.upstream, p.delayMs);
  }

  private static LabTopology.Resolver resolver(Part p) {
    return new LabTopology.Resolver(p.id, p.upstream, p.delayMs);
  }

  private static void id(JsonFields f, String field, Part p) throws InputException {
    String id = f.text(field);
    if (!LabTopology.ID.matcher(id).matches()) {
      throw f.error(field, "a lower-case letter then up to 7 letters or digits, got '" + id + "'");
    }
    p.id = id;
  }

  private static void as(JsonFields f, String field, Part p) throws InputException {
    p.as = f.integer(field, 0, 1, 65534);
  }

  private static void upstream(JsonFields f, String field, Part p) throws InputException {
    p.upstream = f.text(field);
  }

  private static void delayMs(JsonFields f, String field, Part p) throws InputException {
    p.delayMs = f.number(field, p.delayMs, 0, 10_000);
  }
}
