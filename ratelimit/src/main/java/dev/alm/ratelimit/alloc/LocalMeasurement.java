package dev.alm.ratelimit.alloc;

/**
 * What one limiter measured during the estimate interval that just ended (paper 001 section 3.1:
 * the average arrival rate over a fixed interval, before the EWMA, which the algorithm applies).
 *
 * @param interval the length of the interval in seconds
 * @param arrived units that arrived (the demand), before policing
 * @param served units forwarded
 * @param maxFlowRate the rate in units/s of the fastest flow in the limiter's flow sample (paper
 *     001 Fig. 2 line 5, MAXRATE(sample set)); 0 when no flow is sampled (request traffic)
 * @param sampledFlows how many flows the sample holds (0 for request traffic)
 */
public record LocalMeasurement(
    double interval, double arrived, double served, double maxFlowRate, int sampledFlows) {

  public LocalMeasurement {
    if (!(interval > 0) || !(arrived >= 0) || !(served >= 0) || !(maxFlowRate >= 0)) {
      throw new IllegalArgumentException(
          "interval > 0, arrived, served and maxFlowRate >= 0: " + arrived + ", " + served);
    }
    if (sampledFlows < 0) {
      throw new IllegalArgumentException("sampledFlows >= 0");
    }
  }

  /** A measurement of traffic without flow information (requests, or unsampled bytes). */
  public static LocalMeasurement of(double interval, double arrived, double served) {
    return new LocalMeasurement(interval, arrived, served, 0, 0);
  }

  /** The arrival (demand) rate in units/s over the interval. */
  public double arrivalRate() {
    return arrived / interval;
  }

  /** The served rate in units/s over the interval. */
  public double servedRate() {
    return served / interval;
  }

  /** Units throttled (arrived but not served), paper 003 Table 1 case I per interval. */
  public double throttled() {
    return Math.max(0, arrived - served);
  }
}
