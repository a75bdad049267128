package dev.alm.app.drl;

import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.Summary;
import java.util.LinkedHashMap;
import java.util.Map;

/** The summary.json object: the summary fields, NaN written as null. */
final class DrlJson {
  private DrlJson() {}

  static Map<String, Object> summary(Summary s, Scenario sc, double wallSeconds) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("algorithm", s.algorithm());
    m.put("scenario", sc.source());
    m.put("limiters", sc.limiters());
    m.put("seed", sc.seed());
    m.put("limit", s.limit());
    m.put("unit", s.unit());
    m.put("servedOverLimit", num(s.servedOverLimit()));
    m.put("aggregateErrorP95", num(s.aggregateErrorP95()));
    m.put("aggregateMaxOverLimit", num(s.aggregateMaxOverLimit()));
    m.put("jainFlows", num(s.jainFlows()));
    m.put("jainLimiters", num(s.jainLimiters()));
    m.put("convergenceSeconds", num(s.convergenceSeconds()));
    m.put("messagesPerLimiterPerSecond", num(s.messagesPerLimiterPerSecond()));
    m.put("bytesPerLimiterPerSecond", num(s.bytesPerLimiterPerSecond()));
    m.put("wallSeconds", num(wallSeconds));
    return m;
  }

  static Double num(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
