package dev.alm.ratelimit.alloc;

/**
 * The static 1/N baseline (paper 001 section 5.7, Fig. 9(a); Envoy's and Sentinel's local modes):
 * every limiter enforces a token bucket at L/N whatever the demand, so sites with little demand
 * waste their share while busy sites are throttled.
 */
public final class StaticShare extends FixedLocalLimit {

  @Override
  public String name() {
    return "static";
  }

  @Override
  protected double fixedLimit(LimiterContext context) {
    return context.equalShare();
  }
}
