package dev.alm.loop;

import dev.alm.controller.dual.PriceState;

/**
 * The price part of a loop's state, which the dual step (paper 004 Algorithm 1) moves together:
 * mu_i with its adaptive step (eq. 17), S*_i of the last decision (eq. 13), and the smoothed own
 * price that x_i was decided with.
 *
 * @param state the dual price state (mu_i, eq. 17); kept, frozen, under the greedy law and in
 *     fallbacks
 * @param sStar S*_i of the last dual decision (eq. 13), NaN before the first
 * @param ownPrice the own price mu_i (smoothed) that beta_i's term C_ii mu_i stands for; NaN: mu_i
 *     itself
 * @param excess what the overload boost added to mu_i beyond the plain step, and how long the load
 *     has been deep below the price's level ({@link BoostExcess})
 */
public record DualPrice(PriceState state, double sStar, double ownPrice, BoostExcess excess) {

  public DualPrice {
    if (state == null || excess == null) {
      throw new IllegalArgumentException("the price state and the boost's excess are required");
    }
  }

  /** A price without a boost's excess. */
  public DualPrice(PriceState state, double sStar, double ownPrice) {
    this(state, sStar, ownPrice, BoostExcess.NONE);
  }

  /** mu_i with no decision yet. */
  public static DualPrice of(PriceState state) {
    return new DualPrice(state, Double.NaN, Double.NaN);
  }

  /** mu_i. */
  public double mu() {
    return state.mu();
  }

  /** The own price that beta_i is aligned to: {@link #ownPrice()}, or mu_i when there is none. */
  public double aligned() {
    return Double.isFinite(ownPrice) ? ownPrice : state.mu();
  }

  /** The same price, aligned to {@code v}. */
  public DualPrice withOwnPrice(double v) {
    return new DualPrice(state, sStar, v, excess);
  }
}
