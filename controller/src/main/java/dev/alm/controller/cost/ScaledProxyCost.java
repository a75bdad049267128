package dev.alm.controller.cost;

/**
 * A proxy cost with the same shape on a smaller capacity: {@code g'(S) = g(k S)} with {@code k = T
 * / T'}, so g' is finite on [0, T') and S*'(mu) = S*(mu / k) / k. The dual's decision then aims the
 * proxy's load below T' wherever g would have aimed it below T.
 */
public final class ScaledProxyCost implements ProxyCost {

  private final ProxyCost g;
  private final double k;

  /**
   * @param g the cost on the full capacity T
   * @param capacity the smaller capacity T', in (0, T]
   */
  public ScaledProxyCost(ProxyCost g, double capacity) {
    if (!(capacity > 0) || capacity > g.capacity()) {
      throw new IllegalArgumentException(
          "the scaled capacity must be in (0, " + g.capacity() + "]: " + capacity);
    }
    this.g = g;
    this.k = g.capacity() / capacity;
  }

  @Override
  public double value(double s) {
    return g.value(k * s);
  }

  @Override
  public double capacity() {
    return g.capacity() / k;
  }

  @Override
  public double minimiser(double mu) {
    return g.minimiser(mu / k) / k;
  }

  @Override
  public double minimiserSlope(double mu) {
    return g.minimiserSlope(mu / k) / (k * k);
  }

  @Override
  public double derivative(double s) {
    return k * g.derivative(k * s);
  }
}
