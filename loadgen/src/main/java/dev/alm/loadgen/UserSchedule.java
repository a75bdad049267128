package dev.alm.loadgen;

import java.util.function.DoubleUnaryOperator;

/**
 * When the {@link Users} run and how often.
 *
 * @param rateAt demand in requests/s as a function of seconds since the start
 * @param fastControlBeacons FastControl beacons per second
 * @param idleNanos the wait before looking again at a process whose rate is not &gt; 0
 * @param seed of the users' random draws
 */
public record UserSchedule(
    DoubleUnaryOperator rateAt,
    double fastControlBeacons,
    long idleNanos,
    long startNanos,
    long endNanos,
    long seed) {}
