package dev.alm.app.drl;

import dev.alm.ratelimit.gdrl.SlotExperiment;
import dev.alm.ratelimit.laplacian.OverThrottlingExperiment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The figures of {@code alm drl sweep} (XChart PNGs): JFI over time, and paper 003's Fig. 5. */
final class SweepPlots {

  private SweepPlots() {}

  /**
   * Paper 003 Fig. 5 to {@code out/overthrottling.png}: requests, the limit and what each graph
   * accepted, per cycle, for seed 1.
   */
  static void overThrottling(
      Path out, OverThrottlingExperiment.Result first1, OverThrottlingExperiment.Result first2)
      throws IOException {
    XYChart c =
        new XYChartBuilder()
            .width(800)
            .height(450)
            .title("Paper 003 Fig. 5: requests and accepted, gamma = 0.02 (seed 1)")
            .xAxisTitle("cycle k")
            .yAxisTitle("requests per cycle")
            .build();
    double[] k = new double[first1.requested().length];
    for (int i = 0; i < k.length; i++) {
      k[i] = i;
    }
    double[] limit = new double[k.length];
    Arrays.fill(limit, first1.limit());
    c.addSeries("r_total", k, first1.requested()).setMarker(SeriesMarkers.NONE);
    c.addSeries("l_total", k, limit).setMarker(SeriesMarkers.NONE);
    c.addSeries("a_total graph #1 (tree)", k, first1.accepted()).setMarker(SeriesMarkers.NONE);
    c.addSeries("a_total graph #2 (tree+links)", k, first2.accepted())
        .setMarker(SeriesMarkers.NONE);
    BitmapEncoder.saveBitmap(
        c, out.resolve("overthrottling.png").toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  /**
   * Plots JFI(q(t)) of each run to {@code out/<name>.png}, with the true q's dashed when there is
   * one run; the regular and eta experiments on a log time axis.
   */
  static void jfi(
      Path out, String name, List<String> names, List<SlotExperiment.Result> rs, String title)
      throws IOException {
    boolean logTime = name.equals("regular") || name.equals("eta");
    XYChart c =
        new XYChartBuilder()
            .width(800)
            .height(450)
            .title(title)
            .xAxisTitle(logTime ? "slot t + 1 (log scale)" : "slot t")
            .yAxisTitle("JFI(q)")
            .build();
    for (int i = 0; i < rs.size(); i++) {
      var r = rs.get(i);
      int len = 0;
      while (len < r.times().length && len < r.jfi().length) {
        len++;
      }
      if (len == 0) {
        continue;
      }
      int stride = Math.max(1, len / 1000);
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int k = 0; k < len; k += (logTime && k < 500) ? 1 : stride) {
        x.add((double) r.times()[k] + (logTime ? 1 : 0));
        y.add(Math.max(0, Math.min(1, r.jfi()[k])));
      }
      c.addSeries(names.get(i), x, y).setMarker(SeriesMarkers.NONE);
      if (rs.size() == 1) {
        List<Double> yt = new ArrayList<>();
        for (int k = 0; k < len; k += (logTime && k < 500) ? 1 : stride) {
          yt.add(Math.max(0, Math.min(1, r.jfiTrue()[k])));
        }
        c.addSeries(names.get(i) + " (true q)", x, yt)
            .setMarker(SeriesMarkers.NONE)
            .setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
      }
    }
    c.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
    c.getStyler().setXAxisLogarithmic(logTime);
    BitmapEncoder.saveBitmap(
        c, out.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
