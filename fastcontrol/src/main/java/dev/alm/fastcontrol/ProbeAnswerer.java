package dev.alm.fastcontrol;

/**
 * Decides how a PoP's DNS answers a FastControl beacon query ({@code <label>.fc.<zone>}): with a
 * probe target of some category j, or with no probe. Paper 004 eq. 19: PoP i answers a beacon with
 * a probe of category j with probability r_ij / b_i, where b_i is the rate of beacon queries it
 * sees.
 *
 * <p>Called on DNS event-loop threads: implementations must be thread-safe and must not block.
 */
@FunctionalInterface
public interface ProbeAnswerer {

  /**
   * The category (a PoP id) of the probe to hand out for one beacon query, or {@code null} for no
   * probe.
   *
   * @param nowNanos a monotonic clock reading, for rate measurement
   */
  String category(long nowNanos);

  /** The default answerer: never a probe, so beacons are answered with L1 like any CDN name. */
  ProbeAnswerer NONE = now -> null;
}
