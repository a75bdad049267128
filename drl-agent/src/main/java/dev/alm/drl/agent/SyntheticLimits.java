package dev.alm.drl.agent;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A PoP reduced to a model for tests and {@code alm drl agents}: each customer's demand is a rate
 * set from outside, and the PoP serves min(demand, share). Thread-safe.
 */
public final class SyntheticLimits implements LocalLimits {

  private final Map<String, Double> demands = new ConcurrentHashMap<>();
  private final Map<String, Double> shares = new ConcurrentHashMap<>();
  private volatile Mode mode = Mode.SAFE;

  /** Sets a customer's demand in units/s. */
  public void demand(String customer, double rate) {
    demands.put(customer, rate);
  }

  @Override
  public double demand(String customer, long nowNanos) {
    return demands.getOrDefault(customer, 0.0);
  }

  /** The configured demand of a customer, units/s. */
  public double demandOf(String customer) {
    return demands.getOrDefault(customer, 0.0);
  }

  @Override
  public void setShare(String customer, double rate, Mode m) {
    shares.put(customer, rate);
    mode = m;
  }

  /** The latest share set for a customer, NaN before the first. */
  public double share(String customer) {
    return shares.getOrDefault(customer, Double.NaN);
  }

  /** The rate this PoP serves: min(demand, share), 0 before the first share. */
  public double served(String customer) {
    double s = shares.getOrDefault(customer, 0.0);
    return Math.min(demandOf(customer), s);
  }

  /** Forgets every share, as a PoP that stopped enforces nothing (its demand is kept). */
  public void clearShares() {
    shares.clear();
    mode = Mode.SAFE;
  }

  /** The mode of the latest share. */
  public Mode mode() {
    return mode;
  }
}
