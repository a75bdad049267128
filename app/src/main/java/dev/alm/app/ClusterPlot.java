package dev.alm.app;

import dev.alm.loop.Sample;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The two panels of a cluster run: x_i(t) and S_i(t) / T_i, one line per PoP (at most 12 drawn).
 */
final class ClusterPlot {
  private static final int MAX_LINES = 12;

  private ClusterPlot() {}

  static void write(List<Sample> samples, String title, Path png) throws IOException {
    Map<String, double[][]> series = new LinkedHashMap<>();
    Map<String, Integer> counts = new LinkedHashMap<>();
    samples.forEach(s -> counts.merge(s.pop(), 1, Integer::sum));
    counts.forEach((id, n) -> series.put(id, new double[3][n]));
    Map<String, Integer> at = new LinkedHashMap<>();
    for (Sample s : samples) {
      int k = at.merge(s.pop(), 1, Integer::sum) - 1;
      double[][] v = series.get(s.pop());
      v[0][k] = s.t();
      v[1][k] = s.x();
      v[2][k] = Double.isFinite(s.ratio()) ? s.ratio() : 0;
    }
    XYChart x =
        new XYChartBuilder()
            .width(640)
            .height(480)
            .title(title + ": x_i(t)")
            .xAxisTitle("seconds")
            .yAxisTitle("x_i (probability of answering L1)")
            .build();
    XYChart r =
        new XYChartBuilder()
            .width(640)
            .height(480)
            .title(title + ": S_i(t) / T_i")
            .xAxisTitle("seconds")
            .yAxisTitle("load / capacity")
            .build();
    int lines = 0;
    for (Map.Entry<String, double[][]> e : series.entrySet()) {
      if (lines++ >= MAX_LINES) {
        break;
      }
      x.addSeries(e.getKey(), e.getValue()[0], e.getValue()[1]).setMarker(SeriesMarkers.NONE);
      r.addSeries(e.getKey(), e.getValue()[0], e.getValue()[2]).setMarker(SeriesMarkers.NONE);
    }
    double[] ends = {
      samples.isEmpty() ? 0 : samples.get(0).t(),
      samples.isEmpty() ? 1 : samples.get(samples.size() - 1).t()
    };
    r.addSeries("capacity", ends, new double[] {1, 1}).setMarker(SeriesMarkers.NONE);
    x.getStyler().setYAxisMin(0.0);
    x.getStyler().setYAxisMax(1.0);
    r.getStyler().setYAxisMin(0.0);
    Outputs.png(png, List.of(x, r));
  }
}
