package dev.alm.proxy.limit;

/**
 * Where the proxy reads each customer's current local share and reports what arrives: in {@code alm
 * pop}, the PoP's DRL agent (through {@code dev.alm.pop.PopLimits}, paper 001's local limiter
 * reading the allocation of the last estimate interval). Called on the event loops for every
 * request of a {@link LimitMode#DRL} customer: both methods must be cheap and non-blocking.
 */
public interface ShareSource {

  /**
   * The customer's current local share in its unit per second ({@link CustomerSpec#unit()}), or NaN
   * when not known yet (the proxy then enforces L/N).
   */
  double share(String customer);

  /**
   * The probability with which the proxy refuses each of the customer's requests (a 429) instead of
   * policing them with a bucket at the share: Global Random Drop's enforcement (paper 001 Fig. 1
   * line 4, p = (D - L) / D); NaN when the customer's algorithm enforces a share.
   */
  default double dropProbability(String customer) {
    return Double.NaN;
  }

  /** Counts {@code units} of the customer's demand that arrived here, served or not. */
  void arrived(String customer, long units);

  /**
   * Counts one request of the customer from {@code client} (its address as text): by default as
   * {@link #arrived}; a source that samples flows by client (FPS) overrides it.
   */
  default void arrivedFrom(String customer, String client) {
    arrived(customer, 1);
  }

  /**
   * The global limit the source divides for this customer, in its unit per second, or NaN when it
   * is the configured one. The proxy enforces the same fraction of the configured limit, so that a
   * limit changed at run time applies at once while the source still divides the old one.
   */
  default double limit(String customer) {
    return Double.NaN;
  }

  /** How the share was set: {@code normal}, {@code lease} or {@code safe}. */
  default String modeLabel(String customer) {
    return "safe";
  }

  /** The peers the agent hears now. */
  default int peers() {
    return 0;
  }
}
