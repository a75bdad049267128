package dev.alm.ratelimit.alloc;

/**
 * Independent per-PoP counting (paper 001 section 1; what Cloudflare and Fastly do): every limiter
 * enforces the whole limit L on its own traffic, so the aggregate can reach N L when demand is
 * spread (overshoot), and is exact only when all demand lands on one PoP.
 */
public final class IndependentLimit extends FixedLocalLimit {

  @Override
  public String name() {
    return "independent";
  }

  @Override
  protected double fixedLimit(LimiterContext context) {
    return context.globalLimit();
  }
}
