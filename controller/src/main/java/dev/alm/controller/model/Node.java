package dev.alm.controller.model;

/**
 * One point of presence as the controllers see it: a proxy with capacity {@code T_i}, the
 * DNS-driven demand {@code A_i} at its DNS server, and the parameters of the paper's cost
 * functions.
 *
 * <p>Units: {@code capacity} and {@code demand} are in the same load unit (requests per unit time,
 * or the normalised units of paper 004 section V); {@code eta} is the cost per unit queueing delay
 * of eq. (7); {@code gamma} the cost per unit latency and {@code d} the round-trip latency to the
 * datacenter L2 of eq. (8).
 *
 * @param id node id, unique within a topology
 * @param capacity T_i &gt; 0
 * @param demand A_i &ge; 0
 * @param eta eta_i &gt; 0 of eq. (7)
 * @param gamma gamma_i &gt; 0 of eq. (8)
 * @param d d_i &ge; 0 of eq. (8)
 */
public record Node(String id, double capacity, double demand, double eta, double gamma, double d) {

  public Node {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("node id must not be empty");
    }
    requireFinite(id, "capacity", capacity);
    requireFinite(id, "demand", demand);
    requireFinite(id, "eta", eta);
    requireFinite(id, "gamma", gamma);
    requireFinite(id, "d", d);
    if (capacity <= 0) {
      throw new IllegalArgumentException("node " + id + ": capacity must be > 0, got " + capacity);
    }
    if (demand < 0) {
      throw new IllegalArgumentException("node " + id + ": demand must be >= 0, got " + demand);
    }
    if (eta <= 0) {
      throw new IllegalArgumentException("node " + id + ": eta must be > 0, got " + eta);
    }
    if (gamma <= 0) {
      throw new IllegalArgumentException("node " + id + ": gamma must be > 0, got " + gamma);
    }
    if (d < 0) {
      throw new IllegalArgumentException("node " + id + ": d must be >= 0, got " + d);
    }
  }

  /** The same node with another demand A_i. */
  public Node withDemand(double newDemand) {
    return new Node(id, capacity, newDemand, eta, gamma, d);
  }

  private static void requireFinite(String id, String field, double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(
          "node " + id + ": " + field + " must be a finite number, got " + v);
    }
  }
}
