package dev.alm.ratelimit.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.alm.io.InputException;
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
  public static final double DEFAULT_DEPTH_SECONDS = 0.1;

  /** 100 Mbit/s in bytes/s: paper 001's emulated links, the default cap of a flow. */
  public static final double LINK_BYTES = 100e6 / 8;

  private static final Set<String> TOP =
      Set.of(
          "limiters",
          "globalLimit",
          "unit",
          "duration",
          "interval",
          "tick",
          "warmup",
          "ewma",
          "bucketDepth",
          "packetBytes",
          "gossip",
          "graph",
          "demand",
          "flows",
          "seed",
          "algorithms");

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
    JsonFields top = JsonFields.of(source, root);
    top.only(TOP);
    int n = top.integer("limiters", Integer.MIN_VALUE, 1, 1_000_000);
    double limit = top.number("globalLimit", Double.NaN, 1e-9, 1e15);
    String unit = top.text("unit", "units/s");
    double duration = top.number("duration", Double.NaN, 1e-3, 1e7);
    double interval = top.number("interval", 0.05, 1e-4, 1e6);
    if (interval > duration) {
      throw top.error("interval", "longer than the duration " + duration + " s");
    }
    double tick = top.number("tick", interval, 1e-5, interval);
    double ratio = interval / tick;
    if (Math.abs(ratio - Math.round(ratio)) > 1e-6) {
      throw top.error("tick", "must divide the interval " + interval + " s");
    }
    double warmup = top.number("warmup", Math.min(5, duration / 10), 0, duration);
    double ewma = top.number("ewma", 0.1, 0, 0.999999);
    double depth = top.number("bucketDepth", DEFAULT_DEPTH_SECONDS * limit, 0, 1e15);
    double packet = top.number("packetBytes", 1500, 1, 1e9);
    Gossip gossip = parseGossip(top);
    ScenarioGraph graph = parseGraph(top, n);
    List<DemandSpec> demands = new ArrayList<>();
    if (top.has("demand")) {
      JsonNode arr = top.array("demand");
      for (int i = 0; i < arr.size(); i++) {
        demands.addAll(parseDemand(top.element("demand", i), n));
      }
    }
    List<FlowGroup> flows = new ArrayList<>();
    if (top.has("flows")) {
      JsonNode arr = top.array("flows");
      for (int i = 0; i < arr.size(); i++) {
        flows.addAll(parseFlows(top.element("flows", i), n, duration));
      }
    }
    if (demands.isEmpty() && flows.isEmpty()) {
      throw top.error("demand", "a scenario needs open-loop demand or flows");
    }
    long seed = top.has("seed") ? top.integer("seed", 0, Integer.MIN_VALUE, Integer.MAX_VALUE) : 1;
    JsonNode algorithms =
        top.has("algorithms")
            ? top.object("algorithms").node()
            : JsonNodeFactory.instance.objectNode();
    return new Scenario(
        source,
        n,
        limit,
        unit,
        duration,
        interval,
        tick,
        warmup,
        ewma,
        depth,
        packet,
        gossip.branching(),
        gossip.loss(),
        gossip.delay(),
        gossip.pushSum(),
        gossip.dropDisconnected(),
        graph,
        demands,
        flows,
        seed,
        algorithms,
        gossip.unalignedTimers(),
        gossip.safeStart());
  }

  /** The scenario's {@code gossip} section: how the limiters' messages travel. */
  private record Gossip(
      int branching,
      double loss,
      double delay,
      boolean dropDisconnected,
      boolean pushSum,
      boolean unalignedTimers,
      double safeStart) {}

  private static Gossip parseGossip(JsonFields top) throws InputException {
    if (!top.has("gossip")) {
      return new Gossip(3, 0, 0, false, false, false, 0);
    }
    JsonFields g = top.object("gossip");
    g.only(
        Set.of(
            "branching",
            "loss",
            "delay",
            "dropDisconnected",
            "mode",
            "unalignedTimers",
            "safeStart"));
    String mode = g.text("mode", "table");
    if (!mode.equals("table") && !mode.equals("push-sum")) {
      throw g.error("mode", "expected table or push-sum, got " + mode);
    }
    boolean pushSum = mode.equals("push-sum");
    int branching = g.integer("branching", 3, 0, 1_000_000);
    double loss = g.number("loss", 0, 0, 1);
    double delay = g.number("delay", 0, 0, 1e6);
    boolean dropDisconnected = g.bool("dropDisconnected", false);
    boolean unaligned = g.bool("unalignedTimers", false);
    double safeStart = g.number("safeStart", 0, 0, 1e6);
    return new Gossip(branching, loss, delay, dropDisconnected, pushSum, unaligned, safeStart);
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
