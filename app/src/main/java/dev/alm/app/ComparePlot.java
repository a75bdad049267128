package dev.alm.app;

import dev.alm.optimum.compare.CompareRow;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The two panels of paper 004 Fig. 5 from a comparison sweep: (a) the dual's cost (mean and
 * standard deviation) against the mean load; (b) the mean number of overloaded proxies under the
 * greedy law (and the dual) against the mean load.
 */
final class ComparePlot {

  private ComparePlot() {}

  static void write(List<CompareRow> rows, int nodes, Path png) throws IOException {
    double[] load = rows.stream().mapToDouble(CompareRow::load).toArray();
    double[] cost =
        rows.stream()
            .mapToDouble(r -> Double.isNaN(r.dualCostMean()) ? 0 : r.dualCostMean())
            .toArray();
    double[] std =
        rows.stream()
            .mapToDouble(r -> Double.isNaN(r.dualCostStd()) ? 0 : r.dualCostStd())
            .toArray();
    double[] greedy = rows.stream().mapToDouble(CompareRow::greedyOverloadedMean).toArray();
    double[] greedyMax = rows.stream().mapToDouble(CompareRow::greedyOverloadedMax).toArray();
    double[] dual = rows.stream().mapToDouble(CompareRow::dualOverloadedMean).toArray();
    boolean logX = load.length > 1 && load[0] > 0;

    XYChart a =
        new XYChartBuilder()
            .width(640)
            .height(480)
            .title("(a) dual algorithm: cost W (mean ± std)")
            .xAxisTitle("mean load A")
            .yAxisTitle("cost W of eq. (5)")
            .build();
    XYSeries s = a.addSeries("dual cost", load, cost, std);
    s.setMarker(SeriesMarkers.CIRCLE);
    s.setLineColor(new Color(0x1f77b4));
    a.getStyler().setXAxisLogarithmic(logX);
    a.getStyler().setLegendVisible(false);

    XYChart b =
        new XYChartBuilder()
            .width(640)
            .height(480)
            .title("(b) overloaded proxies (of " + nodes + ")")
            .xAxisTitle("mean load A")
            .yAxisTitle("proxies with S > T")
            .build();
    b.addSeries("greedy, mean", load, greedy).setMarker(SeriesMarkers.SQUARE);
    XYSeries gm = b.addSeries("greedy, max", load, greedyMax);
    gm.setMarker(SeriesMarkers.TRIANGLE_UP);
    b.addSeries("dual, mean", load, dual).setMarker(SeriesMarkers.CIRCLE);
    b.getStyler().setXAxisLogarithmic(logX);
    b.getStyler().setYAxisMin(0.0);

    Outputs.png(png, List.of(a, b));
  }
}
