package dev.alm.ratelimit.sim;

/**
 * What a simulation produced, per estimate interval and per flow, from which {@link Summary}
 * computes the metrics.
 *
 * @param algorithm the allocator's name
 * @param scenario the scenario simulated
 * @param times the end of each interval, seconds
 * @param served the aggregate served rate per interval, units/s
 * @param demand the aggregate demand per interval (open-loop expected rate plus the flows' own
 *     caps), units/s
 * @param jainLimiters Jain's index (paper 000 eq. 16) of the limiters' indicators per interval
 * @param flowRates each flow's mean served rate over its active time after the warm-up, units/s
 *     (NaN for flows not active after the warm-up)
 * @param changeTimes the times at which demand changes (0, breakpoints, flow starts and stops)
 * @param messages messages sent by all limiters
 * @param bytes bytes sent by all limiters
 */
public record SimulationResult(
    String algorithm,
    Scenario scenario,
    double[] times,
    double[] served,
    double[] demand,
    double[] jainLimiters,
    double[] flowRates,
    double[] changeTimes,
    long messages,
    long bytes) {}
