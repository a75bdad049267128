package dev.alm.controller.dual;

import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;

/**
 * The dual decomposition algorithm at one PoP (paper 004 Algorithm 1), as pure functions of local
 * quantities: the PoP's costs g_i and h_i, its price mu_i, its demand A_i, its measured load
 * S_i^obs and the coupling beta_i (eq. 14; offline computed exactly, live estimated from
 * FastControl probes, eq. 20).
 */
public final class DualNode {

  /** The primal decision of step 5 for the current price. */
  public record Decision(double x, double sStar) {}

  /** Factor by which the adaptive step grows while the gradient keeps its sign. */
  public static final double GROW = 1.5;

  /** Factor by which the adaptive step shrinks when the gradient changes sign. */
  public static final double SHRINK = 0.5;

  public static final double MIN_BOOST = 1.0 / 16;
  public static final double MAX_BOOST = 16;

  private final ProxyCost g;
  private final OffloadCost h;
  private final StepRule step;
  private final boolean adaptive;

  /**
   * @param g the proxy cost g_i
   * @param h the offload cost h_i
   * @param step this node's step alpha_i as a function of its price
   * @param adaptive whether the step grows while the gradient keeps its sign and shrinks when it
   *     flips
   */
  public DualNode(ProxyCost g, OffloadCost h, StepRule step, boolean adaptive) {
    this.g = g;
    this.h = h;
    this.step = step;
    this.adaptive = adaptive;
  }

  /** A node's step alpha_i(mu_i). */
  @FunctionalInterface
  public interface StepRule {
    double alpha(double mu);
  }

  public ProxyCost proxyCost() {
    return g;
  }

  public OffloadCost offloadCost() {
    return h;
  }

  /** This node's step alpha_i. */
  public StepRule stepRule() {
    return step;
  }

  /** Whether the step adapts to the gradient's sign. */
  public boolean adaptive() {
    return adaptive;
  }

  /**
   * Step 5 of Algorithm 1 (eq. 13): {@code S* = argmin g(S) - mu S} on [0, T] and {@code x = argmin
   * h(x) + A beta x} on [0, 1]; closed forms (31), (32) for the paper's costs.
   */
  public Decision decide(double mu, double demand, double beta) {
    requireFinite("mu", mu);
    requireFinite("demand", demand);
    requireFinite("beta", beta);
    double x = h.minimiser(demand, Math.max(0, beta));
    return new Decision(Math.min(1, Math.max(0, x)), g.minimiser(mu));
  }

  /**
   * Step 6 of Algorithm 1 (eq. 17): {@code mu' = (mu + alpha (S_obs - S*))^+}. With an adaptive
   * step the base step alpha(mu) is multiplied by a boost that grows by {@link #GROW} while S_obs -
   * S* keeps its sign and shrinks by {@link #SHRINK} when it flips (within [{@link #MIN_BOOST},
   * {@link #MAX_BOOST}]): a slow creep towards the optimum speeds up, an oscillation is damped, and
   * both use only the PoP's own history.
   *
   * @param state the current price state
   * @param sObs the load measured at the proxy, caused by the x published for this price
   * @param sStar the S* of {@link #decide} for this price
   */
  public PriceState nextPrice(PriceState state, double sObs, double sStar) {
    return nextPrice(state, sObs, sStar, 1);
  }

  /**
   * Step 6 as {@link #nextPrice(PriceState, double, double)}, with the step multiplied by {@code
   * scale} (a live loop's gain schedule; 1 leaves the step as configured).
   *
   * @param scale the step multiplier, in (0, 1]
   */
  public PriceState nextPrice(PriceState state, double sObs, double sStar, double scale) {
    if (!(scale > 0 && scale <= 1)) {
      throw new IllegalArgumentException("step scale must be in (0, 1], got " + scale);
    }
    requireFinite("S_obs", sObs);
    requireFinite("S*", sStar);
    double diff = sObs - sStar;
    int sign = diff > 0 ? 1 : diff < 0 ? -1 : 0;
    double boost = 1;
    if (adaptive) {
      boost = state.boost();
      if (sign != 0 && sign == state.lastSign()) {
        boost = Math.min(MAX_BOOST, boost * GROW);
      } else if (sign != 0 && sign == -state.lastSign()) {
        boost = Math.max(MIN_BOOST, boost * SHRINK);
      }
    }
    double next = state.mu() + scale * boost * step.alpha(state.mu()) * diff;
    return new PriceState(next > 0 ? next : 0, boost, sign);
  }

  private static void requireFinite(String name, double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException("dual step needs a finite " + name + ", got " + v);
    }
  }
}
