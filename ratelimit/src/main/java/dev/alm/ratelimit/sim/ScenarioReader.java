package dev.alm.ratelimit.sim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonBinding;
import dev.alm.io.JsonFields;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
          .field("graph", (f, n, s) -> s.graph(parseGraph(f, s.limiters())))
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
    List<DemandSpec> demands = new ArrayList<>();
    JsonNode arr = top.array(field);
    for (int i = 0; i < arr.size(); i++) {
      demands.addAll(parseDemand(top.element(field, i), s.limiters()));
    }
    s.demands(demands);
  }

  private static void flows(JsonFields top, String field, ScenarioBuilder s) throws InputException {
    List<FlowGroup> flows = new ArrayList<>();
    JsonNode arr = top.array(field);
    for (int i = 0; i < arr.size(); i++) {
      flows.addAll(parseFlows(top.element(field, i), s.limiters(), s.duration()));
    }
    s.flows(flows);
  }

  private static ScenarioGraph parseGraph(JsonFields top, int n) throws InputException {
    if (!top.has("graph")) {
      return ScenarioGraph.complete(n);
    }
    JsonNode g = top.node().get("graph");
    if (g.isTextual()) {
      return switch (g.asText()) {
        case "complete" -> ScenarioGraph.complete(n);
        case "ring" -> ScenarioGraph.ring(n);
        default ->
            throw top.error("graph", "expected complete, ring or {\"edges\": [[i, j], ...]}");
      };
    }
    JsonFields obj = top.object("graph");
    obj.only(Set.of("edges"));
    JsonNode edges = obj.array("edges");
    List<int[]> list = new ArrayList<>();
    double[] w = new double[edges.size()];
    for (int e = 0; e < edges.size(); e++) {
      JsonNode edge = edges.get(e);
      String where = "edges[" + e + "]";
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

  private static int[] limitersOf(JsonFields item, int n) throws InputException {
    if (item.has("limiters")) {
      JsonNode arr = item.array("limiters");
      int[] out = new int[arr.size()];
      for (int i = 0; i < out.length; i++) {
        if (!arr.get(i).isIntegralNumber() || arr.get(i).asInt() < 0 || arr.get(i).asInt() >= n) {
          throw item.error(
              "limiters[" + i + "]", "expected a limiter index in [0, " + (n - 1) + "]");
        }
        out[i] = arr.get(i).asInt();
      }
      return out;
    }
    return new int[] {item.integer("limiter", Integer.MIN_VALUE, 0, n - 1)};
  }

  private static List<DemandSpec> parseDemand(JsonFields d, int n) throws InputException {
    d.only(Set.of("limiter", "limiters", "rate", "points"));
    int[] ls = limitersOf(d, n);
    double[] times;
    double[] rates;
    if (d.has("points")) {
      JsonNode pts = d.array("points");
      if (pts.isEmpty()) {
        throw d.error("points", "at least one [time, rate] point");
      }
      times = new double[pts.size()];
      rates = new double[pts.size()];
      for (int k = 0; k < pts.size(); k++) {
        JsonNode p = pts.get(k);
        if (!p.isArray() || p.size() != 2 || !p.get(0).isNumber() || !p.get(1).isNumber()) {
          throw d.error("points[" + k + "]", "expected [time in s, rate in units/s]");
        }
        times[k] = p.get(0).asDouble();
        rates[k] = p.get(1).asDouble();
        if (rates[k] < 0) {
          throw d.error("points[" + k + "]", "rate must be >= 0");
        }
        if (k > 0 && !(times[k] > times[k - 1])) {
          throw d.error("points[" + k + "]", "times must increase");
        }
      }
    } else {
      times = new double[] {0};
      rates = new double[] {d.number("rate", Double.NaN, 0, 1e15)};
    }
    List<DemandSpec> out = new ArrayList<>();
    for (int l : ls) {
      out.add(new DemandSpec(l, times, rates));
    }
    return out;
  }

  private static List<FlowGroup> parseFlows(JsonFields f, int n, double duration)
      throws InputException {
    f.only(Set.of("limiter", "limiters", "count", "rtt", "start", "stop", "maxRate"));
    int[] ls = limitersOf(f, n);
    int count = f.integer("count", 1, 0, 1_000_000);
    double rtt = f.number("rtt", 0.04, 1e-4, 100);
    double start = f.number("start", 0, 0, duration);
    double stop = f.number("stop", duration, 0, 1e9);
    if (!(stop > start)) {
      throw f.error("stop", "must be after start " + start);
    }
    double maxRate = f.number("maxRate", LINK_BYTES, 1e-9, 1e15);
    List<FlowGroup> out = new ArrayList<>();
    for (int l : ls) {
      out.add(new FlowGroup(l, count, rtt, start, stop, maxRate));
    }
    return out;
  }
}
