package dev.alm.cluster;

import java.util.List;

/**
 * One rate-limited customer of the demo cluster (docs/cluster.md, "Customers"): its global limit,
 * its users' total demand, and where that demand comes from over time. The phases reproduce paper
 * 001's Fig. 9: demand at all sites, then at a few of them, then at all again; at every moment the
 * demand is split evenly over the phase's PoPs.
 *
 * @param name the customer's name (the proxy's customer)
 * @param host the Host header its users send
 * @param limit the global limit, requests/s
 * @param demand the users' total demand, requests/s (Poisson)
 * @param phases where the demand comes from, in time order; the first starts at 0
 */
public record CustomerLoad(
    String name, String host, double limit, double demand, List<Phase> phases) {

  /**
   * From {@code at} seconds on, the demand comes from {@code pops} (ids; empty: every PoP).
   *
   * @param at seconds since the users started
   * @param pops the PoPs whose users send, empty for all
   */
  public record Phase(double at, List<String> pops) {
    /** The pops of a phase whose demand comes from every PoP. */
    public static final List<String> EVERY_POP = List.of();

    public Phase {
      if (!(at >= 0) || Double.isInfinite(at)) {
        throw new IllegalArgumentException("a phase starts at >= 0 s: " + at);
      }
      pops = List.copyOf(pops);
    }

    /** Whether PoP {@code id} sends in this phase. */
    public boolean includes(String id) {
      return pops.isEmpty() || pops.contains(id);
    }

    /** A phase from 0 s on at {@link #EVERY_POP}. */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Phase}; each setter names one field, the other keeps its default. */
    public static final class Builder {
      private double at;
      private List<String> pops = EVERY_POP;

      private Builder() {}

      /** Seconds since the users started. */
      public Builder at(double v) {
        at = v;
        return this;
      }

      /** The PoPs whose users send; {@link #EVERY_POP} for all. */
      public Builder pops(List<String> v) {
        pops = v;
        return this;
      }

      public Phase build() {
        return new Phase(at, pops);
      }
    }
  }

  public CustomerLoad {
    if (name == null || name.isEmpty() || host == null || host.isEmpty()) {
      throw new IllegalArgumentException("a customer needs a name and a host");
    }
    if (!(limit > 0) || Double.isInfinite(limit) || !(demand > 0) || Double.isInfinite(demand)) {
      throw new IllegalArgumentException(name + ": limit and demand must be > 0");
    }
    phases = List.copyOf(phases.isEmpty() ? List.of(new Phase(0, List.of())) : phases);
    for (int k = 1; k < phases.size(); k++) {
      if (phases.get(k).at() <= phases.get(k - 1).at()) {
        throw new IllegalArgumentException(name + ": phases must start in increasing order");
      }
    }
    if (phases.get(0).at() != 0) {
      throw new IllegalArgumentException(name + ": the first phase starts at 0");
    }
  }

  /**
   * A builder with the named defaults: no name, host, limit or demand (all must be set), and no
   * phase, which is every PoP throughout.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link CustomerLoad}; each setter names one field, the rest keep their defaults. */
  public static final class Builder {
    private String name;
    private String host;
    private double limit;
    private double demand;
    private List<Phase> phases = List.of();

    private Builder() {}

    public Builder name(String v) {
      name = v;
      return this;
    }

    public Builder host(String v) {
      host = v;
      return this;
    }

    /** The global limit, requests/s. */
    public Builder limit(double v) {
      limit = v;
      return this;
    }

    /** The users' total demand, requests/s. */
    public Builder demand(double v) {
      demand = v;
      return this;
    }

    /** The phases in time order, the first at 0 s; none for every PoP throughout. */
    public Builder phases(List<Phase> v) {
      phases = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException when a field is missing or out of range, or the phases are
     *     out of order
     */
    public CustomerLoad build() {
      return new CustomerLoad(name, host, limit, demand, phases);
    }
  }

  /** The phase in force {@code seconds} after the start. */
  public Phase phaseAt(double seconds) {
    Phase p = phases.get(0);
    for (Phase q : phases) {
      if (q.at() <= seconds) {
        p = q;
      }
    }
    return p;
  }

  /** The times at which the demand moves (every phase's start but the first). */
  public List<Double> shifts() {
    return phases.stream().skip(1).map(Phase::at).toList();
  }

  /**
   * PoP {@code id}'s demand, requests/s, {@code seconds} after the start, with {@code ids} the
   * fleet: the total split evenly over the phase's PoPs that exist.
   */
  public double demandAt(String id, double seconds, List<String> ids) {
    Phase p = phaseAt(seconds);
    if (!p.includes(id)) {
      return 0;
    }
    long sending = ids.stream().filter(p::includes).count();
    return sending == 0 ? 0 : demand / sending;
  }
}
