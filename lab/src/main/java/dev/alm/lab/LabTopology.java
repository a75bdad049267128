package dev.alm.lab;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A lab's declaration (docs/lab.md): the anycast PoPs, the BGP routers between them and the users,
 * the links with their delay and loss, the eyeball networks (demand, resolver, upstream router),
 * the public resolvers and the datacenter. Everything the lab builds ({@link LabPlan}) comes from
 * this one record. Business relationships (Gao-Rexford: customer, peer, provider) are declared from
 * the customer's side ({@code providers}) or on both sides ({@code peers}).
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
    public Pop {
      providers = List.copyOf(providers);
    }
  }

  /** A router (one AS): its providers and its peers; its customers are whoever names it. */
  public record Router(String id, int as, List<String> providers, List<String> peers) {
    public Router {
      providers = List.copyOf(providers);
      peers = List.copyOf(peers);
    }
  }

  /** A link between two BGP speakers; delay one way in ms, loss in percent, each direction. */
  public record Link(String a, String b, double delayMs, double lossPercent) {}

  /**
   * An eyeball network: its demand A in load units, its resolver ({@link #ON_NET} or a public
   * resolver's id), its upstream router and the delay of its access link.
   */
  public record Eyeball(
      String id, double demand, String resolver, String upstream, double delayMs) {
    public boolean onNet() {
      return ON_NET.equals(resolver);
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
    check(pops, routers, links, eyeballs, resolvers, datacenter);
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

  private static void check(
      List<Pop> pops,
      List<Router> routers,
      List<Link> links,
      List<Eyeball> eyeballs,
      List<Resolver> resolvers,
      Stub datacenter) {
    if (pops.size() < 1 || pops.size() > MAX_POPS) {
      throw new IllegalArgumentException("pops: between 1 and " + MAX_POPS + " PoPs");
    }
    if (routers.isEmpty()) {
      throw new IllegalArgumentException("routers: at least one router");
    }
    if (eyeballs.isEmpty() || eyeballs.size() > MAX_EYEBALLS) {
      throw new IllegalArgumentException("eyeballs: between 1 and " + MAX_EYEBALLS);
    }
    if (resolvers.size() > MAX_RESOLVERS) {
      throw new IllegalArgumentException("resolvers: at most " + MAX_RESOLVERS);
    }
    if (datacenter == null) {
      throw new IllegalArgumentException("datacenter: required");
    }
    Set<String> ids = new HashSet<>();
    List<String> all = new ArrayList<>();
    pops.forEach(p -> all.add(p.id()));
    routers.forEach(r -> all.add(r.id()));
    eyeballs.forEach(e -> all.add(e.id()));
    resolvers.forEach(r -> all.add(r.id()));
    all.add("dc");
    for (String id : all) {
      if (id == null || !ID.matcher(id).matches()) {
        throw new IllegalArgumentException(
            "id '" + id + "': a lower-case letter then up to 7 letters or digits");
      }
      if (!ids.add(id)) {
        throw new IllegalArgumentException(
            "id '" + id + "' is used twice ('dc' is the datacenter)");
      }
    }
    Set<String> routerIds = new HashSet<>();
    Map<Integer, String> asOwner = new HashMap<>();
    for (Router r : routers) {
      routerIds.add(r.id());
      checkAs(r.id(), r.as());
      String before = asOwner.put(r.as(), r.id());
      if (before != null) {
        throw new IllegalArgumentException(
            "routers: " + r.id() + " and " + before + " share AS " + r.as());
      }
    }
    Set<String> speakers = new HashSet<>(routerIds);
    for (Pop p : pops) {
      checkAs(p.id(), p.as());
      if (asOwner.containsKey(p.as())) {
        throw new IllegalArgumentException(
            "pops: " + p.id() + " uses AS " + p.as() + " of router " + asOwner.get(p.as()));
      }
      if (!(p.capacity() > 0) || !(p.eta() > 0) || !(p.gamma() > 0) || !(p.d() >= 0)) {
        throw new IllegalArgumentException(
            "pops: " + p.id() + ": capacity, eta, gamma must be > 0 and d >= 0");
      }
      if (p.providers().isEmpty()) {
        throw new IllegalArgumentException("pops: " + p.id() + ": at least one provider");
      }
      for (String up : p.providers()) {
        if (!routerIds.contains(up)) {
          throw new IllegalArgumentException(
              "pops: " + p.id() + ": provider '" + up + "' is not a router");
        }
      }
      speakers.add(p.id());
    }
    for (Router r : routers) {
      for (String o : r.providers()) {
        if (!routerIds.contains(o) || o.equals(r.id())) {
          throw new IllegalArgumentException(
              "routers: " + r.id() + ": provider '" + o + "' is not another router");
        }
      }
      for (String o : r.peers()) {
        if (!routerIds.contains(o) || o.equals(r.id())) {
          throw new IllegalArgumentException(
              "routers: " + r.id() + ": peer '" + o + "' is not another router");
        }
      }
    }
    Set<String> pairs = new HashSet<>();
    for (Link l : links) {
      if (!speakers.contains(l.a()) || !speakers.contains(l.b()) || l.a().equals(l.b())) {
        throw new IllegalArgumentException(
            "links: " + l.a() + "-" + l.b() + ": both ends must be distinct PoPs or routers");
      }
      if (!pairs.add(pairKey(l.a(), l.b()))) {
        throw new IllegalArgumentException("links: " + l.a() + "-" + l.b() + " declared twice");
      }
      checkDelay("links: " + l.a() + "-" + l.b(), l.delayMs(), l.lossPercent());
    }
    // every declared relationship needs a link, and every link a relationship
    for (Link l : links) {
      if (relationshipOf(pops, routers, l.a(), l.b()) == null) {
        throw new IllegalArgumentException(
            "links: "
                + l.a()
                + "-"
                + l.b()
                + ": no relationship (name one in the other's providers or peers)");
      }
    }
    for (Pop p : pops) {
      for (String up : p.providers()) {
        requireLink(pairs, p.id(), up);
      }
    }
    for (Router r : routers) {
      r.providers().forEach(o -> requireLink(pairs, r.id(), o));
      r.peers().forEach(o -> requireLink(pairs, r.id(), o));
    }
    Set<String> resolverIds = new HashSet<>();
    for (Resolver r : resolvers) {
      resolverIds.add(r.id());
      requireRouter(routerIds, "resolvers: " + r.id(), r.upstream());
      checkDelay("resolvers: " + r.id(), r.delayMs(), 0);
    }
    for (Eyeball e : eyeballs) {
      requireRouter(routerIds, "eyeballs: " + e.id(), e.upstream());
      checkDelay("eyeballs: " + e.id(), e.delayMs(), 0);
      if (!(e.demand() >= 0) || !Double.isFinite(e.demand())) {
        throw new IllegalArgumentException("eyeballs: " + e.id() + ": demand must be >= 0");
      }
      if (!e.onNet() && !resolverIds.contains(e.resolver())) {
        throw new IllegalArgumentException(
            "eyeballs: "
                + e.id()
                + ": resolver '"
                + e.resolver()
                + "' is neither on-net nor a public resolver");
      }
    }
    requireRouter(routerIds, "datacenter", datacenter.upstream());
    checkDelay("datacenter", datacenter.delayMs(), 0);
  }

  private static Relationship relationshipOf(
      List<Pop> pops, List<Router> routers, String a, String b) {
    for (Pop p : pops) {
      if (p.id().equals(a) && p.providers().contains(b)
          || p.id().equals(b) && p.providers().contains(a)) {
        return Relationship.PROVIDER;
      }
    }
    for (Router r : routers) {
      if (r.id().equals(a) && (r.providers().contains(b) || r.peers().contains(b))
          || r.id().equals(b) && (r.providers().contains(a) || r.peers().contains(a))) {
        return Relationship.PEER;
      }
    }
    return null;
  }

  static String pairKey(String a, String b) {
    return a.compareTo(b) < 0 ? a + "-" + b : b + "-" + a;
  }

  private static void requireLink(Set<String> pairs, String a, String b) {
    if (!pairs.contains(pairKey(a, b))) {
      throw new IllegalArgumentException(
          "links: " + a + " and " + b + " have a relationship but no link");
    }
  }

  private static void requireRouter(Set<String> routers, String what, String upstream) {
    if (!routers.contains(upstream)) {
      throw new IllegalArgumentException(what + ": upstream '" + upstream + "' is not a router");
    }
  }

  private static void checkAs(String id, int as) {
    if (as < 1 || as > 65534 || as == 23456) {
      throw new IllegalArgumentException(id + ": AS must be in [1, 65534], not 23456, got " + as);
    }
  }

  private static void checkDelay(String what, double delayMs, double loss) {
    if (!(delayMs >= 0 && delayMs <= 10_000)) {
      throw new IllegalArgumentException(what + ": delayMs must be in [0, 10000]");
    }
    if (!(loss >= 0 && loss <= 100)) {
      throw new IllegalArgumentException(what + ": loss must be in [0, 100] percent");
    }
  }
}
