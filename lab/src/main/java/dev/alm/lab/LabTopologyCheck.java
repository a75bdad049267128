package dev.alm.lab;

import dev.alm.lab.LabTopology.Eyeball;
import dev.alm.lab.LabTopology.Link;
import dev.alm.lab.LabTopology.Pop;
import dev.alm.lab.LabTopology.Relationship;
import dev.alm.lab.LabTopology.Resolver;
import dev.alm.lab.LabTopology.Router;
import dev.alm.lab.LabTopology.Stub;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a lab topology is one the lab can build (docs/lab/topology-format.md, "Topology format"):
 * sizes, ids, ASes, PoPs' parameters, relationships with their links, and what hangs off the
 * routers. Each refusal is an {@link IllegalArgumentException} naming the part and why, in the
 * order checked here.
 */
final class LabTopologyCheck {

  private LabTopologyCheck() {}

  static void check(
      List<Pop> pops,
      List<Router> routers,
      List<Link> links,
      List<Eyeball> eyeballs,
      List<Resolver> resolvers,
      Stub datacenter) {
    checkCounts(pops, routers, eyeballs, resolvers, datacenter);
    checkIds(pops, routers, eyeballs, resolvers);
    Set<String> routerIds = new HashSet<>();
    Map<Integer, String> asOwner = checkRouterAses(routers, routerIds);
    Set<String> speakers = checkPops(pops, routerIds, asOwner);
    checkRouterNeighbours(routers, routerIds);
    checkLinks(pops, routers, links, speakers);
    checkStubs(routerIds, eyeballs, resolvers, datacenter);
  }

  /** How many of each there may be, and a datacenter. */
  private static void checkCounts(
      List<Pop> pops,
      List<Router> routers,
      List<Eyeball> eyeballs,
      List<Resolver> resolvers,
      Stub datacenter) {
    if (pops.size() < 1 || pops.size() > LabTopology.MAX_POPS) {
      throw new IllegalArgumentException("pops: between 1 and " + LabTopology.MAX_POPS + " PoPs");
    }
    if (routers.isEmpty()) {
      throw new IllegalArgumentException("routers: at least one router");
    }
    if (eyeballs.isEmpty() || eyeballs.size() > LabTopology.MAX_EYEBALLS) {
      throw new IllegalArgumentException("eyeballs: between 1 and " + LabTopology.MAX_EYEBALLS);
    }
    if (resolvers.size() > LabTopology.MAX_RESOLVERS) {
      throw new IllegalArgumentException("resolvers: at most " + LabTopology.MAX_RESOLVERS);
    }
    if (datacenter == null) {
      throw new IllegalArgumentException("datacenter: required");
    }
  }

  /** Every id well formed and used once ({@code dc} is the datacenter's). */
  private static void checkIds(
      List<Pop> pops, List<Router> routers, List<Eyeball> eyeballs, List<Resolver> resolvers) {
    Set<String> ids = new HashSet<>();
    List<String> all = new ArrayList<>();
    pops.forEach(p -> all.add(p.id()));
    routers.forEach(r -> all.add(r.id()));
    eyeballs.forEach(e -> all.add(e.id()));
    resolvers.forEach(r -> all.add(r.id()));
    all.add("dc");
    for (String id : all) {
      if (id == null || !LabTopology.ID.matcher(id).matches()) {
        throw new IllegalArgumentException(
            "id '" + id + "': a lower-case letter then up to 7 letters or digits");
      }
      if (!ids.add(id)) {
        throw new IllegalArgumentException(
            "id '" + id + "' is used twice ('dc' is the datacenter)");
      }
    }
  }

  /** Each router's AS valid and its own; fills {@code routerIds}; returns each AS's router. */
  private static Map<Integer, String> checkRouterAses(List<Router> routers, Set<String> routerIds) {
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
    return asOwner;
  }

  /** Each PoP's AS, parameters and providers; returns the BGP speakers (routers and PoPs). */
  private static Set<String> checkPops(
      List<Pop> pops, Set<String> routerIds, Map<Integer, String> asOwner) {
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
    return speakers;
  }

  /** Each router's providers and peers are other routers. */
  private static void checkRouterNeighbours(List<Router> routers, Set<String> routerIds) {
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
  }

  /**
   * Links between distinct speakers, once each, each with a relationship and each relationship with
   * a link.
   */
  private static void checkLinks(
      List<Pop> pops, List<Router> routers, List<Link> links, Set<String> speakers) {
    Set<String> pairs = new HashSet<>();
    for (Link l : links) {
      if (!speakers.contains(l.a()) || !speakers.contains(l.b()) || l.a().equals(l.b())) {
        throw new IllegalArgumentException(
            "links: " + l.a() + "-" + l.b() + ": both ends must be distinct PoPs or routers");
      }
      if (!pairs.add(LabTopology.pairKey(l.a(), l.b()))) {
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
  }

  /**
   * The resolvers, eyeball networks and datacenter hang off routers, with valid delays and demand.
   */
  private static void checkStubs(
      Set<String> routerIds, List<Eyeball> eyeballs, List<Resolver> resolvers, Stub datacenter) {
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

  private static void requireLink(Set<String> pairs, String a, String b) {
    if (!pairs.contains(LabTopology.pairKey(a, b))) {
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
