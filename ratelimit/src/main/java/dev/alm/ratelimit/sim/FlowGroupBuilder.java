package dev.alm.ratelimit.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the long-lived TCP flows of one entry of a scenario's {@code flows} list: the same group
 * ({@link FlowGroup}) at each of the entry's limiters. Each setter names one field; the rest keep
 * their defaults: {@link #DEFAULT_COUNT} flow of round-trip time {@link #DEFAULT_RTT}, from time 0
 * to the end of the scenario, capped by {@link #DEFAULT_MAX_RATE}.
 */
final class FlowGroupBuilder {

  /** How many flows an entry has by default. */
  static final int DEFAULT_COUNT = 1;

  /** The default round-trip time, seconds (paper 001 section 5.1: 40 ms). */
  static final double DEFAULT_RTT = 0.04;

  /** The default cap of a flow, units/s: paper 001's 100 Mbit/s links. */
  static final double DEFAULT_MAX_RATE = ScenarioReader.LINK_BYTES;

  private int[] limiters = {};
  private int count = DEFAULT_COUNT;
  private double rtt = DEFAULT_RTT;
  private double start;
  private double stop;
  private double maxRate = DEFAULT_MAX_RATE;

  /**
   * @param end when the scenario ends, seconds: the default stop
   */
  FlowGroupBuilder(double end) {
    stop = end;
  }

  /** The limiters' indices, each given the same group. */
  FlowGroupBuilder limiters(int... indices) {
    limiters = indices.clone();
    return this;
  }

  FlowGroupBuilder count(int flows) {
    count = flows;
    return this;
  }

  FlowGroupBuilder rtt(double seconds) {
    rtt = seconds;
    return this;
  }

  FlowGroupBuilder start(double seconds) {
    start = seconds;
    return this;
  }

  double start() {
    return start;
  }

  FlowGroupBuilder stop(double seconds) {
    stop = seconds;
    return this;
  }

  double stop() {
    return stop;
  }

  FlowGroupBuilder maxRate(double unitsPerSecond) {
    maxRate = unitsPerSecond;
    return this;
  }

  /** One {@link FlowGroup} per limiter, in the order the limiters were given. */
  List<FlowGroup> build() {
    List<FlowGroup> out = new ArrayList<>();
    for (int l : limiters) {
      out.add(new FlowGroup(l, count, rtt, start, stop, maxRate));
    }
    return out;
  }
}
