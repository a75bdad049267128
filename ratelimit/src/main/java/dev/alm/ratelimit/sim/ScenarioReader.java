package dev.alm.ratelimit.sim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Reads a scenario: a JSON file (format in docs/ratelimit/simulator.md) or {@code
 * builtin:NAME?k=v&...} ({@link Builtins}). Errors name the file, the field and the reason.
 */
public final class ScenarioReader {

  /**
   * A scenario without {@code bucketDepth} gets buckets this many seconds of its global limit deep,
   * in its own unit: 0.1 s (the paper's 75,000 bytes are 0.06 s of its 10 Mbit/s limit), and never
   * a fixed number that is tiny in bytes and a minute of traffic in requests.
   */
  public static final double DEFAULT_DEPTH_SECONDS = Scenario.DEFAULT_DEPTH_SECONDS;

  /** 100 Mbit/s in bytes/s: paper 001's emulated links, the default cap of a flow. */
  public static final double LINK_BYTES = 100e6 / 8;

  private static final String REQUIRED = "required";

  /** The {@code gossip} section: how the limiters' messages travel. */
  private static final JsonBinding<ScenarioBuilder> GOSSIP =
      JsonBinding.<ScenarioBuilder>builder()
          .field("mode", (f, n, s) -> s.pushSum(pushSum(f, n)))
          .field(
              "branching",
              (f, n, s) -> s.branching(f.integer(n, Scenario.DEFAULT_BRANCHING, 0, 1_000_000)))
          .field("loss", (f, n, s) -> s.loss(f.number(n, 0, 0, 1)))
          .field("delay", (f, n, s) -> s.delay(f.number(n, 0, 0, 1e6)))
          .bool("dropDisconnected", ScenarioBuilder::dropDisconnected)
          .bool("unalignedTimers", ScenarioBuilder::unalignedTimers)
          .field("safeStart", (f, n, s) -> s.safeStart(f.number(n, 0, 0, 1e6)))
          .build();

  /**
   * What an entry of the demand or flows list is read onto: its builder, and the scenario so far.
   */
  private record Entry<B>(B b, ScenarioBuilder s) {}

  /**
   * The fields that say where an entry is: the list {@code limiters}, or else the one {@code
   * limiter} (required then, and not read when the list is there).
   */
  private static <B> JsonBinding.Builder<Entry<B>> atLimiters(BiConsumer<B, int[]> set) {
    return JsonBinding.<Entry<B>>builder()
        .field("limiters", (f, n, e) -> set.accept(e.b(), indices(f, n, e.s().limiters())))
        .field(
            "limiter",
            unless(
                "limiters",
                (f, n, e) ->
                    set.accept(e.b(), new int[] {f.integer(n, 0, 0, e.s().limiters() - 1)})))
        .check(either("limiters", "limiter"));
  }

  /** An entry of the open-loop demand: where, then a curve through points or else one rate. */
  private static final JsonBinding<Entry<DemandBuilder>> DEMAND =
      ScenarioReader.<DemandBuilder>atLimiters(DemandBuilder::limiters)
          .field("points", (f, n, e) -> points(f, n, e.b()))
          .field("rate", unless("points", (f, n, e) -> e.b().rate(f.number(n, 0, 0, 1e15))))
          .check(either("points", "rate"))
          .build();

  /** An entry of the TCP flows: where, how many, and when. */
  private static final JsonBinding<Entry<FlowGroupBuilder>> FLOWS =
      ScenarioReader.<FlowGroupBuilder>atLimiters(FlowGroupBuilder::limiters)
          .field(
              "count",
              (f, n, e) -> e.b().count(f.integer(n, FlowGroupBuilder.DEFAULT_COUNT, 0, 1_000_000)))
          .field(
              "rtt", (f, n, e) -> e.b().rtt(f.number(n, FlowGroupBuilder.DEFAULT_RTT, 1e-4, 100)))
          .field("start", (f, n, e) -> e.b().start(f.number(n, 0, 0, e.s().duration())))
          .field("stop", (f, n, e) -> e.b().stop(f.number(n, e.s().duration(), 0, 1e9)))
          .check(
              (f, e) -> {
                if (!(e.b().stop() > e.b().start())) {
                  throw f.error("stop", "must be after start " + e.b().start());
                }
              })
          .field(
              "maxRate",
              (f, n, e) ->
                  e.b().maxRate(f.number(n, FlowGroupBuilder.DEFAULT_MAX_RATE, 1e-9, 1e15)))
          .build();

  /** The graph given as an object: its edges. */
  private static final JsonBinding<ScenarioBuilder> GRAPH =
      JsonBinding.<ScenarioBuilder>builder()
          .required("edges", "expected a list", (f, n, s) -> s.graph(edges(f, n, s.limiters())))
          .build();

  /** The scenario's fields, in the order they are read and checked. */
  private static final JsonBinding<ScenarioBuilder> TOP =
      JsonBinding.<ScenarioBuilder>builder()
          .required("limiters", REQUIRED, (f, n, s) -> s.limiters(f.integer(n, 0, 1, 1_000_000)))
          .required("globalLimit", REQUIRED, (f, n, s) -> s.globalLimit(f.number(n, 0, 1e-9, 1e15)))
          .field("unit", (f, n, s) -> s.unit(f.text(n, Scenario.DEFAULT_UNIT)))
          .required("duration", REQUIRED, (f, n, s) -> s.duration(f.number(n, 0, 1e-3, 1e7)))
          .field(
              "interval",
              (f, n, s) -> s.interval(f.number(n, Scenario.DEFAULT_INTERVAL, 1e-4, 1e6)))
          .check(
              (f, s) -> {
                if (s.interval() > s.duration()) {
                  throw f.error("interval", "longer than the duration " + s.duration() + " s");
                }
              })
          .field("tick", ScenarioReader::tick)
          .field("warmup", (f, n, s) -> s.warmup(f.number(n, 0, 0, s.duration())))
          .field("ewma", (f, n, s) -> s.ewma(f.number(n, Scenario.DEFAULT_EWMA, 0, 0.999999)))
          .field("bucketDepth", (f, n, s) -> s.bucketDepth(f.number(n, 0, 0, 1e15)))
          .field(
              "packetBytes",
              (f, n, s) -> s.packetBytes(f.number(n, Scenario.DEFAULT_PACKET_BYTES, 1, 1e9)))
          .object("gossip", GOSSIP)
          .field("graph", ScenarioReader::graph)
          .field("demand", ScenarioReader::demand)
          .field("flows", ScenarioReader::flows)
          .check(
              (f, s) -> {
                if (s.demands().isEmpty() && s.flows().isEmpty()) {
                  throw f.error("demand", "a scenario needs open-loop demand or flows");
                }
              })
          .field("seed", (f, n, s) -> s.seed(f.integer(n, 0, Integer.MIN_VALUE, Integer.MAX_VALUE)))
          .field("algorithms", (f, n, s) -> s.algorithms(f.object(n).node()))
          .build();

  private ScenarioReader() {}

  /** A file path or a builtin reference. */
  public static Scenario read(String spec) throws InputException {
    if (spec.startsWith("builtin:")) {
      return Builtins.standard().resolve(spec);
    }
    Path file = Path.of(spec);
    JsonNode root = JsonFields.readObject(file);
    return parse(file.toString(), root);
  }

  /** Parses a scenario tree. */
  public static Scenario parse(String source, JsonNode root) throws InputException {
    return TOP.read(JsonFields.of(source, root), Scenario.builder(source)).build();
  }

  private static boolean pushSum(JsonFields g, String field) throws InputException {
    String mode = g.text(field, "table");
    if (!mode.equals("table") && !mode.equals("push-sum")) {
      throw g.error(field, "expected table or push-sum, got " + mode);
    }
    return mode.equals("push-sum");
  }

  /** The time step: at most the interval, and dividing it. */
  private static void tick(JsonFields top, String field, ScenarioBuilder s) throws InputException {
    double interval = s.interval();
    double tick = top.number(field, interval, 1e-5, interval);
    double ratio = interval / tick;
    if (Math.abs(ratio - Math.round(ratio)) > 1e-6) {
      throw top.error(field, "must divide the interval " + interval + " s");
    }
    s.tick(tick);
  }

  private static void demand(JsonFields top, String field, ScenarioBuilder s)
      throws InputException {
    s.demands(entries(top, field, s, DEMAND, DemandBuilder::new, DemandBuilder::build));
  }

  private static void flows(JsonFields top, String field, ScenarioBuilder s) throws InputException {
    s.flows(
        entries(
            top,
            field,
            s,
            FLOWS,
            () -> new FlowGroupBuilder(s.duration()),
            FlowGroupBuilder::build));
  }

  /**
   * Reads the list {@code field}: each entry's fields onto a fresh builder from {@code start}, what
   * each builds in the order of the entries.
   */
  private static <B, T> List<T> entries(
      JsonFields top,
      String field,
      ScenarioBuilder s,
      JsonBinding<Entry<B>> binding,
      Supplier<B> start,
      Function<B, List<T>> build)
      throws InputException {
    List<T> out = new ArrayList<>();
    JsonNode arr = top.array(field);
    for (int i = 0; i < arr.size(); i++) {
      out.addAll(build.apply(binding.read(top.element(field, i), new Entry<>(start.get(), s)).b()));
    }
    return out;
  }

  /** The graph: complete, ring, or an object with its edges ({@link #GRAPH}). */
  private static void graph(JsonFields top, String field, ScenarioBuilder s) throws InputException {
    JsonNode g = top.node().get(field);
    if (!g.isTextual()) {
      GRAPH.read(top.object(field), s);
      return;
    }
    s.graph(
        switch (g.asText()) {
          case "complete" -> ScenarioGraph.complete(s.limiters());
          case "ring" -> ScenarioGraph.ring(s.limiters());
          default ->
              throw top.error(field, "expected complete, ring or {\"edges\": [[i, j], ...]}");
        });
  }

  /** The graph's edges, {@code [i, j]} or {@code [i, j, weight]}, between n limiters. */
  private static ScenarioGraph edges(JsonFields obj, String field, int n) throws InputException {
    JsonNode edges = obj.array(field);
    List<int[]> list = new ArrayList<>();
    double[] w = new double[edges.size()];
    for (int e = 0; e < edges.size(); e++) {
      JsonNode edge = edges.get(e);
      String where = field + "[" + e + "]";
      if (!edge.isArray() || edge.size() < 2 || edge.size() > 3) {
        throw obj.error(where, "expected [i, j] or [i, j, weight]");
      }
      int a = edge.get(0).asInt(-1);
      int b = edge.get(1).asInt(-1);
      if (!edge.get(0).isIntegralNumber() || !edge.get(1).isIntegralNumber()) {
        throw obj.error(where, "limiter indices must be integers");
      }
      if (a < 0 || a >= n || b < 0 || b >= n || a == b) {
        throw obj.error(where, "limiters must be distinct and in [0, " + (n - 1) + "]");
      }
      w[e] = edge.size() == 3 ? edge.get(2).asDouble() : 1.0;
      if (!(w[e] > 0)) {
        throw obj.error(where, "weight must be > 0");
      }
      list.add(new int[] {a, b});
    }
    return ScenarioGraph.fromEdges("edges", n, list, w);
  }

  /** The list {@code field} of limiter indices, each in [0, n). */
  private static int[] indices(JsonFields item, String field, int n) throws InputException {
    JsonNode arr = item.array(field);
    int[] out = new int[arr.size()];
    for (int i = 0; i < out.length; i++) {
      if (!arr.get(i).isIntegralNumber() || arr.get(i).asInt() < 0 || arr.get(i).asInt() >= n) {
        throw item.error(field + "[" + i + "]", "expected a limiter index in [0, " + (n - 1) + "]");
      }
      out[i] = arr.get(i).asInt();
    }
    return out;
  }

  /** A rate curve's points, {@code [time, rate]} with increasing times and rates at least 0. */
  private static void points(JsonFields d, String field, DemandBuilder b) throws InputException {
    JsonNode pts = d.array(field);
    if (pts.isEmpty()) {
      throw d.error(field, "at least one [time, rate] point");
    }
    double[] times = new double[pts.size()];
    double[] rates = new double[pts.size()];
    for (int k = 0; k < pts.size(); k++) {
      JsonNode p = pts.get(k);
      String where = field + "[" + k + "]";
      if (!p.isArray() || p.size() != 2 || !p.get(0).isNumber() || !p.get(1).isNumber()) {
        throw d.error(where, "expected [time in s, rate in units/s]");
      }
      times[k] = p.get(0).asDouble();
      rates[k] = p.get(1).asDouble();
      if (rates[k] < 0) {
        throw d.error(where, "rate must be >= 0");
      }
      if (k > 0 && !(times[k] > times[k - 1])) {
        throw d.error(where, "times must increase");
      }
    }
    b.points(times, rates);
  }

  /** {@code setter}, skipped when field {@code first} is there: the two are alternatives. */
  private static <B> JsonBinding.Setter<B> unless(String first, JsonBinding.Setter<B> setter) {
    return (f, n, b) -> {
      if (!f.has(first)) {
        setter.set(f, n, b);
      }
    };
  }

  /** Fails with {@code second} "required" when neither of two alternative fields is there. */
  private static <B> JsonBinding.Check<B> either(String first, String second) {
    return (f, b) -> {
      if (!f.has(first) && !f.has(second)) {
        throw f.error(second, REQUIRED);
      }
    };
  }
}
