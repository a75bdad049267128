/**
 * The discrete-time simulator of N limiters running one {@link dev.alm.ratelimit.alloc.Allocator}:
 * open-loop demand (Poisson per limiter with piecewise-linear rates) and closed-loop demand (a
 * fluid AIMD model of long-lived TCP flows), gossip or graph messages with loss and delay, seeded;
 * the scenario format (docs/ratelimit/simulator.md), the builtin scenarios of the papers and the
 * summary metrics.
 */
package dev.alm.ratelimit.sim;
