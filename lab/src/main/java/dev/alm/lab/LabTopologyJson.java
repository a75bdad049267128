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
import java.util.function.Supplier;

/**
 * Reads a lab topology file (docs/lab/topology-format.md, "Topology format") strictly: unknown
 * fields, missing fields, bad values and inconsistent references are refused with one line naming
 * the file, the field and the reason. {@code builtin:NAME} names a topology shipped in the jar
 * ({@link #BUILTINS}).
 */
public final class LabTopologyJson {
  /** The builtin lab topologies. */
  public static final List<String> BUILTINS =
      List.of("lab-mini", "lab-fig2", "lab-8", "lab-skew", "lab-spill");

  private static final String PREFIX = "builtin:";
  private static final String REQUIRED = "required";

  /** The one-way delay, ms, of the datacenter's access link when the file names none. */
  private static final double DATACENTER_DELAY_MS = 10;

  /**
   * A public resolver's or the datacenter's fields as read: records of two and three fields whose
   * one default, the access delay, is the file's and differs between the two.
   */
  private static final class Access {
    String id;
    String upstream;
    double delayMs;

    Access(double delayMs) {
      this.delayMs = delayMs;
    }
  }

  private static final JsonBinding<LabTopology.Pop.Builder> POP =
      JsonBinding.<LabTopology.Pop.Builder>builder()
          .required("id", REQUIRED, (f, n, p) -> p.id(id(f, n)))
          .required("as", REQUIRED, (f, n, p) -> p.as(as(f, n)))
          .required("capacity", REQUIRED, (f, n, p) -> p.capacity(f.number(n, 0, 1e-9, 1e6)))
          .field("eta", (f, n, p) -> p.eta(f.number(n, LabTopology.Pop.DEFAULT_ETA, 1e-9, 1e6)))
          .field(
              "gamma", (f, n, p) -> p.gamma(f.number(n, LabTopology.Pop.DEFAULT_GAMMA, 1e-9, 1e6)))
          .field("d", (f, n, p) -> p.d(f.number(n, LabTopology.Pop.DEFAULT_D, 0, 1e6)))
          .required("providers", "expected a list of strings", (f, n, p) -> p.providers(f.texts(n)))
          .build();

  private static final JsonBinding<LabTopology.Router.Builder> ROUTER =
      JsonBinding.<LabTopology.Router.Builder>builder()
          .required("id", REQUIRED, (f, n, r) -> r.id(id(f, n)))
          .required("as", REQUIRED, (f, n, r) -> r.as(as(f, n)))
          .value("providers", JsonFields::texts, LabTopology.Router.Builder::providers)
          .value("peers", JsonFields::texts, LabTopology.Router.Builder::peers)
          .build();

  private static final JsonBinding<LabTopology.Link.Builder> LINK =
      JsonBinding.<LabTopology.Link.Builder>builder()
          .required("a", REQUIRED, (f, n, l) -> l.a(f.text(n)))
          .required("b", REQUIRED, (f, n, l) -> l.b(f.text(n)))
          .field("delayMs", (f, n, l) -> l.delayMs(delayMs(f, n)))
          .field("loss", (f, n, l) -> l.lossPercent(f.number(n, 0, 0, 100)))
          .build();

  private static final JsonBinding<LabTopology.Eyeball.Builder> EYEBALL =
      JsonBinding.<LabTopology.Eyeball.Builder>builder()
          .required("id", REQUIRED, (f, n, e) -> e.id(id(f, n)))
          .required("demand", REQUIRED, (f, n, e) -> e.demand(f.number(n, 0, 0, 1e6)))
          .field("resolver", (f, n, e) -> e.resolver(f.text(n, LabTopology.ON_NET)))
          .required("upstream", REQUIRED, (f, n, e) -> e.upstream(f.text(n)))
          .field("delayMs", (f, n, e) -> e.delayMs(delayMs(f, n)))
          .build();

  private static final JsonBinding<Access> RESOLVER =
      JsonBinding.<Access>builder()
          .required("id", REQUIRED, (f, n, a) -> a.id = id(f, n))
          .required("upstream", REQUIRED, (f, n, a) -> a.upstream = f.text(n))
          .field("delayMs", (f, n, a) -> a.delayMs = delayMs(f, n))
          .build();

  private static final JsonBinding<Access> STUB =
      JsonBinding.<Access>builder()
          .required("upstream", REQUIRED, (f, n, a) -> a.upstream = f.text(n))
          .field("delayMs", (f, n, a) -> a.delayMs = delayMs(f, n))
          .build();

  /** The file's fields, in the order they are read. */
  private static final JsonBinding<LabTopologyBuilder> TOP =
      JsonBinding.<LabTopologyBuilder>builder()
          .required(
              "pops",
              REQUIRED,
              parts(
                  POP,
                  LabTopology.Pop::builder,
                  LabTopology.Pop.Builder::build,
                  LabTopologyBuilder::pops))
          .required(
              "routers",
              REQUIRED,
              parts(
                  ROUTER,
                  LabTopology.Router::builder,
                  LabTopology.Router.Builder::build,
                  LabTopologyBuilder::routers))
          .required(
              "links",
              REQUIRED,
              parts(
                  LINK,
                  LabTopology.Link::builder,
                  LabTopology.Link.Builder::build,
                  LabTopologyBuilder::links))
          .required(
              "eyeballs",
              REQUIRED,
              parts(
                  EYEBALL,
                  LabTopology.Eyeball::builder,
                  LabTopology.Eyeball.Builder::build,
                  LabTopologyBuilder::eyeballs))
          .field(
              "resolvers",
              parts(
                  RESOLVER,
                  () -> new Access(LabTopology.DEFAULT_DELAY_MS),
                  a -> new LabTopology.Resolver(a.id, a.upstream, a.delayMs),
                  LabTopologyBuilder::resolvers))
          .required(
              "datacenter",
              REQUIRED,
              (f, n, t) -> {
                Access d = STUB.read(f.object(n), new Access(DATACENTER_DELAY_MS));
                t.datacenter(new LabTopology.Stub(d.upstream, d.delayMs));
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
    LabTopologyBuilder t = TOP.read(f, new LabTopologyBuilder());
    try {
      return t.build();
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
   * A list field: one object per part, each read by {@code binding} onto a fresh builder from
   * {@code start} and made by {@code make}; the list is set by {@code set}.
   */
  private static <B, T> JsonBinding.Setter<LabTopologyBuilder> parts(
      JsonBinding<B> binding,
      Supplier<B> start,
      Function<B, T> make,
      BiConsumer<LabTopologyBuilder, List<T>> set) {
    return (f, field, t) -> {
      List<T> out = new ArrayList<>();
      for (int i = 0, n = f.array(field).size(); i < n; i++) {
        out.add(make.apply(binding.read(f.element(field, i), start.get())));
      }
      set.accept(t, out);
    };
  }

  private static String id(JsonFields f, String field) throws InputException {
    String id = f.text(field);
    if (!LabTopology.ID.matcher(id).matches()) {
      throw f.error(field, "a lower-case letter then up to 7 letters or digits, got '" + id + "'");
    }
    return id;
  }

  private static int as(JsonFields f, String field) throws InputException {
    return f.integer(field, 0, 1, 65534);
  }

  private static double delayMs(JsonFields f, String field) throws InputException {
    return f.number(field, LabTopology.DEFAULT_DELAY_MS, 0, 10_000);
  }
}
