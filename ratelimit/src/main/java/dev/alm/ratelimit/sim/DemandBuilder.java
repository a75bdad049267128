package dev.alm.ratelimit.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the open-loop demand of one entry of a scenario's {@code demand} list: one rate curve, the
 * same at each of the entry's limiters ({@link DemandSpec}). Each setter names one field; until a
 * rate is set, the curve is the constant rate {@link #DEFAULT_RATE} from time 0, and until limiters
 * are set, the entry is at none.
 */
final class DemandBuilder {

  /** The rate of a curve with no rate set: none. */
  static final double DEFAULT_RATE = 0;

  private int[] limiters = {};
  private double[] times = {0};
  private double[] rates = {DEFAULT_RATE};

  /** The limiters' indices, each given the same curve. */
  DemandBuilder limiters(int... indices) {
    limiters = indices.clone();
    return this;
  }

  /** A constant rate from time 0, units/s. */
  DemandBuilder rate(double unitsPerSecond) {
    return points(new double[] {0}, new double[] {unitsPerSecond});
  }

  /** A piecewise-linear curve through (times[k], rates[k]) ({@link DemandSpec}). */
  DemandBuilder points(double[] times, double[] rates) {
    this.times = times.clone();
    this.rates = rates.clone();
    return this;
  }

  /** One {@link DemandSpec} per limiter, in the order the limiters were given. */
  List<DemandSpec> build() {
    List<DemandSpec> out = new ArrayList<>();
    for (int l : limiters) {
      out.add(new DemandSpec(l, times, rates));
    }
    return out;
  }
}
