package dev.alm.ratelimit.sim;

import java.util.Arrays;

/**
 * Open-loop demand at one limiter: a piecewise-linear rate in units/s through the points (t_k,
 * r_k), constant before the first and after the last point; arrivals per tick are Poisson with that
 * mean (normal above 1,000 units per tick), paper 000 section III's Poisson arrivals.
 *
 * @param limiter the limiter's index
 * @param times the breakpoints' times in seconds, increasing
 * @param rates the rates at the breakpoints in units/s, at least 0
 */
public record DemandSpec(int limiter, double[] times, double[] rates) {

  public DemandSpec {
    if (times.length == 0 || times.length != rates.length) {
      throw new IllegalArgumentException("one rate per time, at least one point");
    }
    times = times.clone();
    rates = rates.clone();
  }

  /** The rate at time t. */
  public double rateAt(double t) {
    if (t <= times[0]) {
      return rates[0];
    }
    for (int k = 1; k < times.length; k++) {
      if (t < times[k]) {
        double f = (t - times[k - 1]) / (times[k] - times[k - 1]);
        return rates[k - 1] + f * (rates[k] - rates[k - 1]);
      }
    }
    return rates[rates.length - 1];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DemandSpec d
        && d.limiter == limiter
        && Arrays.equals(d.times, times)
        && Arrays.equals(d.rates, rates);
  }

  @Override
  public int hashCode() {
    return limiter * 31 + Arrays.hashCode(rates);
  }
}
