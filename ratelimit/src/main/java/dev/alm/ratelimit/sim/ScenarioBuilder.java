package dev.alm.ratelimit.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;

/**
 * Builds a {@link Scenario}; each setter names one field. The values read so far are there for the
 * checks of one field against another.
 */
public final class ScenarioBuilder {
  private final String source;
  private int limiters;
  private double globalLimit;
  private String unit = Scenario.DEFAULT_UNIT;
  private double duration;
  private double interval = Scenario.DEFAULT_INTERVAL;
  private double tick = Double.NaN;
  private double warmup = Double.NaN;
  private double ewma = Scenario.DEFAULT_EWMA;
  private double bucketDepth = Double.NaN;
  private double packetBytes = Scenario.DEFAULT_PACKET_BYTES;
  private int branching = Scenario.DEFAULT_BRANCHING;
  private double loss;
  private double delay;
  private boolean pushSum;
  private boolean dropDisconnected;
  private ScenarioGraph graph;
  private List<DemandSpec> demands = List.of();
  private List<FlowGroup> flows = List.of();
  private long seed = Scenario.DEFAULT_SEED;
  private JsonNode algorithms = JsonNodeFactory.instance.objectNode();
  private boolean unalignedTimers;
  private double safeStart;

  ScenarioBuilder(String source) {
    this.source = source;
  }

  public ScenarioBuilder limiters(int n) {
    limiters = n;
    return this;
  }

  public int limiters() {
    return limiters;
  }

  public ScenarioBuilder globalLimit(double l) {
    globalLimit = l;
    return this;
  }

  public ScenarioBuilder unit(String u) {
    unit = u;
    return this;
  }

  public ScenarioBuilder duration(double seconds) {
    duration = seconds;
    return this;
  }

  public double duration() {
    return duration;
  }

  public ScenarioBuilder interval(double seconds) {
    interval = seconds;
    return this;
  }

  public double interval() {
    return interval;
  }

  /** The time step, seconds; NaN for the interval. */
  public ScenarioBuilder tick(double seconds) {
    tick = seconds;
    return this;
  }

  /** The warm-up, seconds; NaN for the default. */
  public ScenarioBuilder warmup(double seconds) {
    warmup = seconds;
    return this;
  }

  public ScenarioBuilder ewma(double a) {
    ewma = a;
    return this;
  }

  /** The bucket depth in units; NaN for the default. */
  public ScenarioBuilder bucketDepth(double units) {
    bucketDepth = units;
    return this;
  }

  public ScenarioBuilder packetBytes(double bytes) {
    packetBytes = bytes;
    return this;
  }

  public ScenarioBuilder branching(int br) {
    branching = br;
    return this;
  }

  public ScenarioBuilder loss(double p) {
    loss = p;
    return this;
  }

  public ScenarioBuilder delay(double seconds) {
    delay = seconds;
    return this;
  }

  public ScenarioBuilder pushSum(boolean on) {
    pushSum = on;
    return this;
  }

  public ScenarioBuilder dropDisconnected(boolean on) {
    dropDisconnected = on;
    return this;
  }

  /** The communication graph; {@code null} for the complete graph. */
  public ScenarioBuilder graph(ScenarioGraph g) {
    graph = g;
    return this;
  }

  public ScenarioBuilder demands(List<DemandSpec> d) {
    demands = d;
    return this;
  }

  public List<DemandSpec> demands() {
    return demands;
  }

  public ScenarioBuilder flows(List<FlowGroup> f) {
    flows = f;
    return this;
  }

  public List<FlowGroup> flows() {
    return flows;
  }

  public ScenarioBuilder seed(long s) {
    seed = s;
    return this;
  }

  public ScenarioBuilder algorithms(JsonNode parameters) {
    algorithms = parameters;
    return this;
  }

  public ScenarioBuilder unalignedTimers(boolean on) {
    unalignedTimers = on;
    return this;
  }

  public ScenarioBuilder safeStart(double seconds) {
    safeStart = seconds;
    return this;
  }

  public Scenario build() {
    return new Scenario(
        source,
        limiters,
        globalLimit,
        unit,
        duration,
        interval,
        Double.isNaN(tick) ? interval : tick,
        Double.isNaN(warmup) ? Math.min(Scenario.DEFAULT_MAX_WARMUP, duration / 10) : warmup,
        ewma,
        Double.isNaN(bucketDepth) ? Scenario.DEFAULT_DEPTH_SECONDS * globalLimit : bucketDepth,
        packetBytes,
        branching,
        loss,
        delay,
        pushSum,
        dropDisconnected,
        graph == null ? ScenarioGraph.complete(limiters) : graph,
        demands,
        flows,
        seed,
        algorithms,
        unalignedTimers,
        safeStart);
  }
}
