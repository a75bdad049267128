package dev.alm.drl.agent;

/**
 * One customer's state at one PoP after a step, for enforcement and /status.
 *
 * @param customer the customer's name
 * @param limit the global limit L, units/s
 * @param share the local share now enforced, units/s
 * @param demand this PoP's EWMA'd demand r_i, units/s
 * @param globalDemand the gossip estimate of D = sum of the demands of the PoPs heard
 * @param mode how the share was decided
 */
public record CustomerShare(
    String customer, double limit, double share, double demand, double globalDemand, Mode mode) {}
