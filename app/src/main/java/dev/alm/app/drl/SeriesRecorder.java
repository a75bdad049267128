package dev.alm.app.drl;

import java.util.ArrayList;
import java.util.List;

/** Keeps the per-limiter served rates of at most {@link #MAX_LINES} limiters for the plot. */
final class SeriesRecorder {
  static final int MAX_LINES = 12;

  final int limiters;
  final List<Double> times = new ArrayList<>();
  final List<double[]> served = new ArrayList<>();

  SeriesRecorder(int limiters) {
    this.limiters = limiters;
  }

  void record(double t, double[] s) {
    times.add(t);
    double[] keep = new double[Math.min(limiters, MAX_LINES)];
    System.arraycopy(s, 0, keep, 0, keep.length);
    served.add(keep);
  }
}
