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

  /**
   * A builder with no value set: a node has no default, so every field must be set (an unset number
   * is NaN and an unset id null, both of which the record refuses).
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link Node}; each setter names one field, the record checks them together. */
  public static final class Builder {
    private String id;
    private double capacity = Double.NaN;
    private double demand = Double.NaN;
    private double eta = Double.NaN;
    private double gamma = Double.NaN;
    private double d = Double.NaN;

    private Builder() {}

    public Builder id(String v) {
      id = v;
      return this;
    }

    /** T_i. */
    public Builder capacity(double v) {
      capacity = v;
      return this;
    }

    /** A_i. */
    public Builder demand(double v) {
      demand = v;
      return this;
    }

    /** eta_i of eq. (7). */
    public Builder eta(double v) {
      eta = v;
      return this;
    }

    /** gamma_i of eq. (8). */
    public Builder gamma(double v) {
      gamma = v;
      return this;
    }

    /** d_i of eq. (8). */
    public Builder d(double v) {
      d = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the node, the field and the reason
     */
    public Node build() {
      return new Node(id, capacity, demand, eta, gamma, d);
    }
  }

  private static void requireFinite(String id, String field, double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(
          "node " + id + ": " + field + " must be a finite number, got " + v);
    }
  }
}
