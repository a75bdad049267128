package dev.alm.drl.agent;

import dev.alm.ratelimit.alloc.Enforcement;

/**
 * One customer's state at one PoP after a step, for enforcement and /status.
 *
 * @param customer the customer's name
 * @param limit the global limit L, units/s
 * @param share the rate the enforcement lets through, units/s: a bucket's rate, (1 - p) times the
 *     interval's demand under a drop probability, L under the central bucket
 * @param demand this PoP's demand estimate r_i (the algorithm's EWMA), units/s
 * @param globalDemand the algorithm's estimate of the global sum (D for share, GTB and GRD; FPS's
 *     total weight), NaN when it keeps none
 * @param mode how the share was decided
 * @param algorithm the customer's algorithm
 * @param enforcement what the PoP enforces until the next interval
 */
public record CustomerShare(
    String customer,
    double limit,
    double share,
    double demand,
    double globalDemand,
    Mode mode,
    String algorithm,
    Enforcement enforcement) {}
