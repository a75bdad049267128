package dev.alm.app;

import dev.alm.cluster.ClusterConfig;
import dev.alm.cluster.Drill;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.loop.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the fleet console shows of a running {@code alm cluster}: each PoP's last interval, the
 * topology's C, the drills and the flash crowd as marks on the time axis, and the run's summary
 * once it ends. Updated from the cluster's thread, read from the console's.
 */
final class ClusterFleetView implements Supplier<Map<String, Object>> {
  private final Map<String, Object> correlation;
  private final ClusterConfig config;
  private volatile List<Sample> last = List.of();
  private volatile double startEpochSeconds = Double.NaN;
  private volatile String summary;

  private ClusterFleetView(ClusterConfig config, Map<String, Object> correlation) {
    this.config = config;
    this.correlation = correlation;
  }

  static ClusterFleetView of(ClusterConfig c) {
    CorrelationMatrix m = c.topology().correlation();
    List<List<Double>> rows = new ArrayList<>();
    for (int i = 0; i < m.size(); i++) {
      List<Double> row = new ArrayList<>();
      for (int j = 0; j < m.size(); j++) {
        row.add(m.get(i, j));
      }
      rows.add(row);
    }
    Map<String, Object> corr = new LinkedHashMap<>();
    corr.put("ids", c.topology().ids());
    corr.put("rows", rows);
    return new ClusterFleetView(c, corr);
  }

  /** One interval's samples (the cluster's callback). */
  void interval(List<Sample> samples) {
    if (!samples.isEmpty() && Double.isNaN(startEpochSeconds)) {
      startEpochSeconds = System.currentTimeMillis() / 1000.0 - samples.get(0).t();
    }
    last = List.copyOf(samples);
  }

  /** The run ended with this summary line. */
  void finished(String line) {
    summary = line;
  }

  @Override
  public Map<String, Object> get() {
    Map<String, Object> pops = new LinkedHashMap<>();
    for (Sample s : last) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("pop", s.pop());
      p.put("x", s.x());
      p.put("mu", s.mu());
      p.put("beta", s.beta());
      p.put("S", s.load());
      p.put("T", s.capacity());
      p.put("A", s.demand());
      p.put("mode", s.mode());
      p.put("shed", s.shed());
      if (s.guarded()) {
        p.put("guardBound", s.guard());
      }
      pops.put(s.pop(), p);
    }
    List<Map<String, Object>> marks = new ArrayList<>();
    double t0 = startEpochSeconds;
    if (!Double.isNaN(t0)) {
      for (Drill d : config.drills()) {
        marks.add(
            Map.of(
                "atEpochSeconds", t0 + d.atSeconds(), "label", d.kind().label() + " " + d.pop()));
      }
      if (config.flash() != null) {
        marks.add(
            Map.of(
                "atEpochSeconds",
                t0 + config.flash().startSeconds(),
                "label",
                "flash x" + config.flash().factor() + " " + config.flash().pop()));
        marks.add(
            Map.of(
                "atEpochSeconds",
                t0 + config.flash().startSeconds() + config.flash().seconds(),
                "label",
                "flash ends"));
      }
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("pops", pops);
    doc.put("correlation", correlation);
    doc.put("marks", marks);
    doc.put("summary", summary);
    return doc;
  }
}
