package dev.alm.app.drl;

import dev.alm.io.AtomicFiles;
import dev.alm.ratelimit.sim.SimulationResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The plots of {@code alm drl simulate} (paper 001 Fig. 3 / Fig. 9 style) and {@code compare}. */
final class DrlPlots {
  private DrlPlots() {}

  /** Aggregate and per-limiter served rate (1 s means) against time, with the limit. */
  static void simulate(SimulationResult r, SeriesRecorder rec, Path png) throws IOException {
    double L = r.scenario().globalLimit();
    int per = Math.max(1, (int) Math.round(1.0 / r.scenario().interval()));
    int windows = r.times().length / per;
    double[] t = new double[windows];
    double[] agg = new double[windows];
    double[] limit = new double[windows];
    int lines = rec.served.isEmpty() ? 0 : rec.served.get(0).length;
    double[][] each = new double[lines][windows];
    for (int w = 0; w < windows; w++) {
      for (int k = w * per; k < (w + 1) * per; k++) {
        agg[w] += r.served()[k] / per / L;
        for (int i = 0; i < lines && k < rec.served.size(); i++) {
          each[i][w] += rec.served.get(k)[i] / per / L;
        }
      }
      t[w] = r.times()[(w + 1) * per - 1];
      limit[w] = 1;
    }
    XYChart c =
        new XYChartBuilder()
            .width(900)
            .height(500)
            .title(r.algorithm() + " on " + r.scenario().source() + " (1 s means)")
            .xAxisTitle("seconds")
            .yAxisTitle("served / global limit")
            .build();
    if (windows == 0) {
      t = new double[] {0};
      agg = new double[] {0};
      limit = new double[] {1};
    }
    c.addSeries("aggregate", t, agg).setMarker(SeriesMarkers.NONE);
    c.addSeries("limit", t, limit).setMarker(SeriesMarkers.NONE);
    if (r.scenario().limiters() <= SeriesRecorder.MAX_LINES && windows > 0) {
      for (int i = 0; i < lines; i++) {
        c.addSeries("limiter " + i, t, each[i]).setMarker(SeriesMarkers.NONE);
      }
    }
    c.getStyler().setYAxisMin(0.0);
    save(List.of(c), png, 1);
  }

  /** Bars of served/limit, Jain's index over flows and over limiters, mean with spread. */
  static void compare(List<CompareRow> rows, Path png) throws IOException {
    List<String> names = new ArrayList<>();
    for (CompareRow row : rows) {
      names.add(row.algorithm());
    }
    CategoryChart a = chart("served / limit (mean ± std)", "servedOverLimit");
    a.addSeries("served/limit", names, col(rows, 0, false), col(rows, 0, true));
    CategoryChart b = chart("Jain's index over flows (mean ± std)", "jainFlows");
    b.addSeries("jainFlows", names, col(rows, 1, false), col(rows, 1, true));
    CategoryChart c = chart("p95 of |aggregate error| / limit, 1 s windows", "aggregateErrorP95");
    c.addSeries("aggregateErrorP95", names, col(rows, 2, false), col(rows, 2, true));
    BitmapEncoderSave.save(List.of(a, b, c), png);
  }

  private static CategoryChart chart(String title, String y) {
    CategoryChart c =
        new CategoryChartBuilder().width(500).height(420).title(title).yAxisTitle(y).build();
    c.getStyler().setLegendVisible(false);
    return c;
  }

  private static List<Double> col(List<CompareRow> rows, int metric, boolean spread) {
    List<Double> out = new ArrayList<>();
    for (CompareRow r : rows) {
      double v = spread ? r.std()[metric] : r.mean()[metric];
      out.add(Double.isFinite(v) ? v : 0.0);
    }
    return out;
  }

  private static void save(List<XYChart> charts, Path png, int cols) throws IOException {
    Path tmp = png.resolveSibling(".drl-plot.png");
    BitmapEncoder.saveBitmap(charts, 1, cols, tmp.toString(), BitmapEncoder.BitmapFormat.PNG);
    AtomicFiles.moveIntoPlace(tmp, png);
    if (!Files.exists(png)) {
      throw new IOException("plot was not written: " + png);
    }
  }

  /** Saves category charts side by side. */
  private static final class BitmapEncoderSave {
    static void save(List<CategoryChart> charts, Path png) throws IOException {
      Path tmp = png.resolveSibling(".drl-compare.png");
      BitmapEncoder.saveBitmap(
          charts, 1, charts.size(), tmp.toString(), BitmapEncoder.BitmapFormat.PNG);
      AtomicFiles.moveIntoPlace(tmp, png);
      if (!Files.exists(png)) {
        throw new IOException("plot was not written: " + png);
      }
    }
  }
}
