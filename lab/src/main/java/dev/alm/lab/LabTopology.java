package dev.alm.lab;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A lab's declaration (docs/lab/topology-format.md): the anycast PoPs, the BGP routers between them
 * and the users, the links with their delay and loss, the eyeball networks (demand, resolver,
 * upstream router), the public resolvers and the datacenter. Everything the lab builds ({@link
 * LabPlan}) comes from this one record. Business relationships (Gao-Rexford: customer, peer,
 * provider) are declared from the customer's side ({@code providers}) or on both sides ({@code
 * peers}).
 *
 * @param pops the anycast PoPs, each a BGP speaker announcing the DNS and HTTP anycast prefixes
 * @param routers transit and access networks, one BGP speaker each
 * @param links BGP links between PoPs and routers
 * @param eyeballs user networks: stubs of one upstream router
 * @param resolvers public resolvers: stubs of one upstream router
 * @param datacenter the datacenter holding L2: a stub of one upstream router
 */
public record LabTopology(
    List<Pop> pops,
    List<Router> routers,
    List<Link> links,
    List<Eyeball> eyeballs,
    List<Resolver> resolvers,
    Stub datacenter) {

  /** The resolver value of an eyeball that resolves through its own network's resolver. */
  public static final String ON_NET = "on-net";

  /** Ids: short, so that {@code alm-<id>} names a namespace and an interface (15 characters). */
  static final Pattern ID = Pattern.compile("[a-z][a-z0-9]{0,7}");

  /** The most eyeball networks, PoPs and public resolvers the address plan holds. */
  public static final int MAX_EYEBALLS = 120;

  public static final int MAX_POPS = 100;
  public static final int MAX_RESOLVERS = 14;

  /** The one-way delay, ms, of a link or an access link that names none. */
  public static final double DEFAULT_DELAY_MS = 1;

  /**
   * A PoP: its AS, its capacity T_i in load units, the cost parameters of paper 004 eq. (7)-(8),
   * and the routers it buys transit from.
   */
  public record Pop(
      String id,
      int as,
      double capacity,
      double eta,
      double gamma,
      double d,
      List<String> providers) {
    /** The cost per unit queueing delay of a PoP that names none (eta of eq. (7)). */
    public static final double DEFAULT_ETA = 1;

    /** The cost per unit latency of a PoP that names none (gamma of eq. (8)). */
    public static final double DEFAULT_GAMMA = 10;

    /** The round-trip latency to the datacenter of a PoP that names none (d of eq. (8)). */
    public static final double DEFAULT_D = 0.5;

    public Pop {
      providers = List.copyOf(providers);
    }

    /**
     * A PoP of the default costs ({@link #DEFAULT_ETA}, {@link #DEFAULT_GAMMA}, {@link #DEFAULT_D})
     * and no provider.
     */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Pop}; each setter names one field, the rest keep their defaults. */
    public static final class Builder {
      private String id;
      private int as;
      private double capacity;
      private double eta = DEFAULT_ETA;
      private double gamma = DEFAULT_GAMMA;
      private double d = DEFAULT_D;
      private List<String> providers = List.of();

      private Builder() {}

      public Builder id(String v) {
        id = v;
        return this;
      }

      public Builder as(int v) {
        as = v;
        return this;
      }

      /** T_i, load units. */
      public Builder capacity(double v) {
        capacity = v;
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

      public Builder providers(List<String> v) {
        providers = v;
        return this;
      }

      public Pop build() {
        return new Pop(id, as, capacity, eta, gamma, d, providers);
      }
    }
  }

  /** A router (one AS): its providers and its peers; its customers are whoever names it. */
  public record Router(String id, int as, List<String> providers, List<String> peers) {
    public Router {
      providers = List.copyOf(providers);
      peers = List.copyOf(peers);
    }

    /** A router with no provider and no peer. */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Router}; each setter names one field, the rest keep their defaults. */
    public static final class Builder {
      private String id;
      private int as;
      private List<String> providers = List.of();
      private List<String> peers = List.of();

      private Builder() {}

      public Builder id(String v) {
        id = v;
        return this;
      }

      public Builder as(int v) {
        as = v;
        return this;
      }

      public Builder providers(List<String> v) {
        providers = v;
        return this;
      }

      public Builder peers(List<String> v) {
        peers = v;
        return this;
      }

      public Router build() {
        return new Router(id, as, providers, peers);
      }
    }
  }

  /** A link between two BGP speakers; delay one way in ms, loss in percent, each direction. */
  public record Link(String a, String b, double delayMs, double lossPercent) {
    /** A link of {@link #DEFAULT_DELAY_MS} without loss. */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Link}; each setter names one field, the rest keep their defaults. */
    public static final class Builder {
      private String a;
      private String b;
      private double delayMs = DEFAULT_DELAY_MS;
      private double lossPercent;

      private Builder() {}

      public Builder a(String v) {
        a = v;
        return this;
      }

      public Builder b(String v) {
        b = v;
        return this;
      }

      public Builder delayMs(double v) {
        delayMs = v;
        return this;
      }

      public Builder lossPercent(double v) {
        lossPercent = v;
        return this;
      }

      public Link build() {
        return new Link(a, b, delayMs, lossPercent);
      }
    }
  }

  /**
   * An eyeball network: its demand A in load units, its resolver ({@link #ON_NET} or a public
   * resolver's id), its upstream router and the delay of its access link.
   */
  public record Eyeball(
      String id, double demand, String resolver, String upstream, double delayMs) {
    public boolean onNet() {
      return ON_NET.equals(resolver);
    }

    /**
     * An eyeball network that resolves {@link #ON_NET}, its access link {@link #DEFAULT_DELAY_MS}.
     */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds an {@link Eyeball}; each setter names one field, the rest keep their defaults. */
    public static final class Builder {
      private String id;
      private double demand;
      private String resolver = ON_NET;
      private String upstream;
      private double delayMs = DEFAULT_DELAY_MS;

      private Builder() {}

      public Builder id(String v) {
        id = v;
        return this;
      }

      public Builder demand(double v) {
        demand = v;
        return this;
      }

      public Builder resolver(String v) {
        resolver = v;
        return this;
      }

      public Builder upstream(String v) {
        upstream = v;
        return this;
      }

      public Builder delayMs(double v) {
        delayMs = v;
        return this;
      }

      public Eyeball build() {
        return new Eyeball(id, demand, resolver, upstream, delayMs);
      }
    }
  }

  /** A public resolver network. */
  public record Resolver(String id, String upstream, double delayMs) {}

  /** A stub network (the datacenter): its upstream router and access delay. */
  public record Stub(String upstream, double delayMs) {}

  public LabTopology {
    pops = List.copyOf(pops);
    routers = List.copyOf(routers);
    links = List.copyOf(links);
    eyeballs = List.copyOf(eyeballs);
    resolvers = List.copyOf(resolvers);
    LabTopologyCheck.check(pops, routers, links, eyeballs, resolvers, datacenter);
  }

  /** The PoPs' ids in order. */
  public List<String> popIds() {
    return pops.stream().map(Pop::id).toList();
  }

  /** A PoP's index, or -1. */
  public int popIndex(String id) {
    return popIds().indexOf(id);
  }

  /** The relationship of {@code other} seen from BGP speaker {@code me}, or null if none. */
  public Relationship relationship(String me, String other) {
    if (providersOf(me).contains(other)) {
      return Relationship.PROVIDER;
    }
    if (providersOf(other).contains(me)) {
      return Relationship.CUSTOMER;
    }
    if (peersOf(me).contains(other) || peersOf(other).contains(me)) {
      return Relationship.PEER;
    }
    return null;
  }

  /** The AS of a BGP speaker. */
  public int as(String speaker) {
    for (Pop p : pops) {
      if (p.id().equals(speaker)) {
        return p.as();
      }
    }
    for (Router r : routers) {
      if (r.id().equals(speaker)) {
        return r.as();
      }
    }
    throw new IllegalArgumentException("no BGP speaker " + speaker);
  }

  /** Whether {@code id} is a PoP. */
  public boolean isPop(String id) {
    return popIndex(id) >= 0;
  }

  private List<String> providersOf(String id) {
    for (Pop p : pops) {
      if (p.id().equals(id)) {
        return p.providers();
      }
    }
    for (Router r : routers) {
      if (r.id().equals(id)) {
        return r.providers();
      }
    }
    return List.of();
  }

  private List<String> peersOf(String id) {
    for (Router r : routers) {
      if (r.id().equals(id)) {
        return r.peers();
      }
    }
    return List.of();
  }

  /** A business relationship of eBGP (Gao-Rexford). */
  public enum Relationship {
    CUSTOMER("customer", 300, 1),
    PEER("peer", 200, 2),
    PROVIDER("provider", 100, 3);

    private final String label;
    private final int localPref;
    private final int tag;

    Relationship(String label, int localPref, int tag) {
      this.label = label;
      this.localPref = localPref;
      this.tag = tag;
    }

    public String label() {
      return label;
    }

    /** Local preference of routes learned from such a neighbour: customer > peer > provider. */
    public int localPref() {
      return localPref;
    }

    /** The community value (AS, tag) that marks where a route was learned. */
    public int tag() {
      return tag;
    }
  }

  static String pairKey(String a, String b) {
    return a.compareTo(b) < 0 ? a + "-" + b : b + "-" + a;
  }
}
