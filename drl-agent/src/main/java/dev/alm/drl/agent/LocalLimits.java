package dev.alm.drl.agent;

/**
 * The seam between a PoP's DRL agent and its enforcement (the proxy): the agent reads each
 * customer's local demand once per estimate interval and sets the local share it computed. Calls
 * come from the agent's event-loop thread; implementations must be safe to call from it while the
 * request path reads the share.
 */
public interface LocalLimits {

  /**
   * The customer's local demand: units that arrived (served or not) per second since the previous
   * call, measured up to {@code nowNanos} on the agent's monotonic clock.
   */
  double demand(String customer, long nowNanos);

  /** Sets the customer's local share to {@code rate} units/s, decided in {@code mode}. */
  void setShare(String customer, double rate, Mode mode);
}
