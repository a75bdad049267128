package dev.alm.lab;

import dev.alm.lab.LabTopology.Relationship;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a lab is made of, computed from its {@link LabTopology} alone (no root, no processes): the
 * network namespaces, the veth links with their addresses and netem settings, the addresses on each
 * namespace's loopback, the stubs' default routes, and the BIRD 2 configuration of every BGP
 * speaker. {@link LabNetwork} builds exactly this and nothing else.
 *
 * <p>Addresses (all inside the lab's namespaces): the DNS anycast service {@value #DNS_ANYCAST} in
 * {@value #DNS_PREFIX} and the HTTP anycast L1 {@value #L1} in {@value #HTTP_PREFIX} (RFC 5737
 * documentation ranges), announced by every PoP; the datacenter L2 {@value #L2} in {@value
 * #DC_PREFIX} and public resolver k at 203.0.113.(16(k+1)+1) in its /28; links, eyeball networks
 * (198.19.(e+1).0/24) and PoP unicast prefixes (198.19.(128+i).0/24) in 198.18.0.0/15 (RFC 2544
 * benchmarking).
 *
 * <p>Names: lab N ({@link LabName}) has namespaces {@code N-<id>}; a veth's end in a namespace is
 * named {@code N-<peer>} after the node at its other end.
 */
public final class LabPlan {
  public static final String DNS_ANYCAST = "192.0.2.53";
  public static final String DNS_PREFIX = "192.0.2.0/24";
  public static final String L1 = "198.51.100.1";
  public static final String HTTP_PREFIX = "198.51.100.0/24";
  public static final String L2 = "203.0.113.1";
  public static final String DC_PREFIX = "203.0.113.0/28";

  /** The BIRD static protocols of a PoP: the anycast DNS prefix, the anycast HTTP prefix. */
  public static final String DNS_PROTOCOL = "anycast_dns";

  public static final String HTTP_PROTOCOL = "anycast_http";

  /**
   * One veth pair: {@code ifA} in namespace {@code nsA} with {@code addrA}, its peer in {@code
   * nsB}; delay (ms, one way) and loss (%) are applied with netem at both ends.
   */
  public record Veth(
      String nsA,
      String ifA,
      String addrA,
      String nsB,
      String ifB,
      String addrB,
      double delayMs,
      double lossPercent) {}

  /** An address (CIDR) on a namespace's loopback. */
  public record LoopbackAddress(String ns, String cidr) {}

  /** A stub's default route through its upstream, sourced from its own address. */
  public record DefaultRoute(String ns, String via, String src) {}

  private final LabTopology topology;
  private final LabName name;
  private final List<String> namespaces = new ArrayList<>();
  private final List<Veth> veths = new ArrayList<>();
  private final List<LoopbackAddress> loopbacks = new ArrayList<>();
  private final List<DefaultRoute> routes = new ArrayList<>();
  private final Map<String, Veth> vethByPair = new LinkedHashMap<>();
  private final Map<String, List<String>> stubsOf = new LinkedHashMap<>();

  private LabPlan(LabTopology t, LabName name) {
    this.topology = t;
    this.name = name;
    List<String> speakers = new ArrayList<>();
    t.routers().forEach(r -> speakers.add(r.id()));
    t.pops().forEach(p -> speakers.add(p.id()));
    speakers.forEach(s -> namespaces.add(ns(s)));
    t.eyeballs().forEach(e -> namespaces.add(ns(e.id())));
    t.resolvers().forEach(r -> namespaces.add(ns(r.id())));
    namespaces.add(ns("dc"));
    int k = 0;
    for (LabTopology.Link l : t.links()) {
      addVeth(k++, l.a(), l.b(), l.delayMs(), l.lossPercent());
    }
    for (int e = 0; e < t.eyeballs().size(); e++) {
      LabTopology.Eyeball eb = t.eyeballs().get(e);
      Veth v = addVeth(k++, eb.upstream(), eb.id(), eb.delayMs(), 0);
      stub(eb.upstream(), eyeballPrefix(e), v, eyeballAddress(e), eb.id());
    }
    for (int r = 0; r < t.resolvers().size(); r++) {
      LabTopology.Resolver rs = t.resolvers().get(r);
      Veth v = addVeth(k++, rs.upstream(), rs.id(), rs.delayMs(), 0);
      stub(rs.upstream(), resolverPrefix(r), v, resolverAddress(r), rs.id());
    }
    Veth dc = addVeth(k, t.datacenter().upstream(), "dc", t.datacenter().delayMs(), 0);
    stub(t.datacenter().upstream(), DC_PREFIX, dc, L2, "dc");
    for (int i = 0; i < t.pops().size(); i++) {
      String p = ns(t.pops().get(i).id());
      loopbacks.add(new LoopbackAddress(p, DNS_ANYCAST + "/32"));
      loopbacks.add(new LoopbackAddress(p, L1 + "/32"));
      loopbacks.add(new LoopbackAddress(p, popAddress(i) + "/32"));
    }
  }

  /** The plan of a topology as the default lab ({@link LabName#DEFAULT}). */
  public static LabPlan of(LabTopology t) {
    return of(t, LabName.defaultName());
  }

  /** The plan of a topology as lab {@code name}. */
  public static LabPlan of(LabTopology t, LabName name) {
    if (t.links().size() + t.eyeballs().size() + t.resolvers().size() + 1 > 16_384) {
      throw new IllegalArgumentException("at most 16384 links (198.18.0.0/16 in /30s)");
    }
    return new LabPlan(t, name);
  }

  public LabTopology topology() {
    return topology;
  }

  /** The lab's name. */
  public LabName name() {
    return name;
  }

  /** The namespace of a node id. */
  public String ns(String id) {
    return name.of(id);
  }

  /** Every namespace, BGP speakers first. */
  public List<String> namespaces() {
    return List.copyOf(namespaces);
  }

  public List<Veth> veths() {
    return List.copyOf(veths);
  }

  public List<LoopbackAddress> loopbacks() {
    return List.copyOf(loopbacks);
  }

  public List<DefaultRoute> defaultRoutes() {
    return List.copyOf(routes);
  }

  /** The BGP speakers: routers, then PoPs. */
  public List<String> speakers() {
    List<String> s = new ArrayList<>();
    topology.routers().forEach(r -> s.add(r.id()));
    topology.pops().forEach(p -> s.add(p.id()));
    return s;
  }

  /** The veth between two nodes (either order), or null. */
  public Veth veth(String a, String b) {
    return vethByPair.get(LabTopology.pairKey(a, b));
  }

  /** The address users of eyeball network {@code e} send from. */
  public static String eyeballAddress(int e) {
    return "198.19." + (e + 1) + ".1";
  }

  static String eyeballPrefix(int e) {
    return "198.19." + (e + 1) + ".0/24";
  }

  /** Public resolver {@code r}'s service address. */
  public static String resolverAddress(int r) {
    return "203.0.113." + (16 * (r + 1) + 1);
  }

  static String resolverPrefix(int r) {
    return "203.0.113." + (16 * (r + 1)) + "/28";
  }

  /** PoP {@code i}'s unicast address. */
  public static String popAddress(int i) {
    return "198.19." + (128 + i) + ".1";
  }

  static String popPrefix(int i) {
    return "198.19." + (128 + i) + ".0/24";
  }

  /** The address of a node's namespace as seen from outside: its service or user address. */
  public String addressOf(String id) {
    for (int e = 0; e < topology.eyeballs().size(); e++) {
      if (topology.eyeballs().get(e).id().equals(id)) {
        return eyeballAddress(e);
      }
    }
    for (int r = 0; r < topology.resolvers().size(); r++) {
      if (topology.resolvers().get(r).id().equals(id)) {
        return resolverAddress(r);
      }
    }
    if (id.equals("dc")) {
      return L2;
    }
    int i = topology.popIndex(id);
    if (i >= 0) {
      return popAddress(i);
    }
    throw new IllegalArgumentException("no stub or PoP " + id);
  }

  private Veth addVeth(int k, String a, String b, double delayMs, double loss) {
    int base = 4 * k;
    String net = "198.18." + (base / 256) + ".";
    Veth v =
        new Veth(
            ns(a),
            name.of(b),
            net + (base % 256 + 1) + "/30",
            ns(b),
            name.of(a),
            net + (base % 256 + 2) + "/30",
            delayMs,
            loss);
    veths.add(v);
    vethByPair.put(LabTopology.pairKey(a, b), v);
    return v;
  }

  private void stub(String router, String prefix, Veth v, String address, String id) {
    loopbacks.add(new LoopbackAddress(ns(id), address + "/32"));
    routes.add(new DefaultRoute(ns(id), host(v.addrA()), address));
    stubsOf.computeIfAbsent(router, r -> new ArrayList<>()).add(prefix + " via " + host(v.addrB()));
  }

  static String host(String cidr) {
    int slash = cidr.indexOf('/');
    return slash < 0 ? cidr : cidr.substring(0, slash);
  }

  /** BIRD 2 configuration of a speaker with no prepending. */
  public String birdConfig(String speaker, String runDir) {
    return birdConfig(speaker, runDir, 0);
  }

  /**
   * BIRD 2 configuration of a BGP speaker: eBGP sessions on its links, Gao-Rexford policies (local
   * preference customer 300 > peer 200 > provider 100; routes from peers and providers exported
   * only to customers: valley-free), the anycast and unicast prefixes of a PoP, the stub networks
   * of a router; {@code prepend} extra copies of a PoP's AS on everything it announces.
   */
  public String birdConfig(String speaker, String runDir, int prepend) {
    int as = topology.as(speaker);
    boolean pop = topology.isPop(speaker);
    StringBuilder b = new StringBuilder();
    b.append("# alm lab: BGP speaker ").append(speaker).append(" (AS ").append(as).append(")\n");
    b.append("log \"")
        .append(runDir)
        .append('/')
        .append(speaker)
        .append(".bird.log\" { info, remote, warning, error, auth, fatal, bug };\n");
    b.append("router id ").append(routerId(speaker)).append(";\n");
    b.append("protocol device { scan time 10; }\n");
    b.append("protocol kernel {\n  ipv4 { import none; export ")
        .append(pop ? "where source != RTS_STATIC" : "all")
        .append("; };\n}\n");
    filters(b, as, prepend);
    if (pop) {
      popStatics(b, topology.popIndex(speaker));
    }
    List<String> stubs = stubsOf.getOrDefault(speaker, List.of());
    if (!stubs.isEmpty()) {
      b.append("protocol static stubs {\n  ipv4;\n");
      stubs.forEach(s -> b.append("  route ").append(s).append(";\n"));
      b.append("}\n");
    }
    for (String other : speakers()) {
      Veth v = veth(speaker, other);
      if (v != null) {
        session(b, speaker, other, v, as);
      }
    }
    return b.toString();
  }

  /** The address of the speaker's first link: its router id. */
  private String routerId(String speaker) {
    String routerId = null;
    for (Veth v : veths) {
      if (v.nsA().equals(ns(speaker))) {
        routerId = host(v.addrA());
        break;
      }
      if (v.nsB().equals(ns(speaker))) {
        routerId = host(v.addrB());
        break;
      }
    }
    return routerId;
  }

  /**
   * The Gao-Rexford filters: on import a local preference and a community saying where the route
   * came from; on export to customers everything, to peers and providers own and customers' routes
   * only; {@code prepend} extra copies of the AS on the own routes.
   */
  private static void filters(StringBuilder b, int as, int prepend) {
    // import: local preference and a community saying where the route came from
    for (Relationship r : Relationship.values()) {
      b.append(
          String.format(
              Locale.ROOT,
              "filter in_%s {\n  bgp_local_pref = %d;\n  bgp_community.add((%d, %d));\n  accept;\n}\n",
              r.label(),
              r.localPref(),
              as,
              r.tag()));
    }
    StringBuilder prepends = new StringBuilder();
    for (int k = 0; k < prepend; k++) {
      prepends.append("    bgp_path.prepend(").append(as).append(");\n");
    }
    // to customers: everything; to peers and providers: own and customers' routes only
    b.append(
        String.format(
            Locale.ROOT,
            "filter out_customer {\n  if source = RTS_STATIC then {\n%s    accept;\n  }\n"
                + "  bgp_community.delete([(%d, *)]);\n  accept;\n}\n",
            prepends,
            as));
    b.append(
        String.format(
            Locale.ROOT,
            "filter out_up {\n  if source = RTS_STATIC then {\n%s    accept;\n  }\n"
                + "  if (%d, %d) ~ bgp_community then {\n    bgp_community.delete([(%d, *)]);\n"
                + "    accept;\n  }\n  reject;\n}\n",
            prepends,
            as,
            Relationship.CUSTOMER.tag(),
            as));
  }

  /** A PoP's announcements: the DNS and HTTP anycast prefixes and its unicast prefix. */
  private static void popStatics(StringBuilder b, int i) {
    b.append("protocol static ")
        .append(DNS_PROTOCOL)
        .append(" {\n  ipv4;\n  route ")
        .append(DNS_PREFIX)
        .append(" blackhole;\n}\n");
    b.append("protocol static ")
        .append(HTTP_PROTOCOL)
        .append(" {\n  ipv4;\n  route ")
        .append(HTTP_PREFIX)
        .append(" blackhole;\n}\n");
    b.append("protocol static pop_unicast {\n  ipv4;\n  route ")
        .append(popPrefix(i))
        .append(" blackhole;\n}\n");
  }

  /** The eBGP session of {@code speaker} with {@code other} over their link {@code v}. */
  private void session(StringBuilder b, String speaker, String other, Veth v, int as) {
    Relationship rel = topology.relationship(speaker, other);
    boolean a = v.nsA().equals(ns(speaker));
    String local = host(a ? v.addrA() : v.addrB());
    String remote = host(a ? v.addrB() : v.addrA());
    b.append(
        String.format(
            Locale.ROOT,
            "protocol bgp bgp_%s {\n  description \"%s (%s)\";\n  local %s as %d;\n"
                + "  neighbor %s as %d;\n  hold time 9;\n  keepalive time 3;\n"
                + "  connect retry time 2;\n  error wait time 1, 10;\n"
                + "  ipv4 { import filter in_%s; export filter %s; };\n}\n",
            other,
            other,
            rel.label(),
            local,
            as,
            remote,
            topology.as(other),
            rel.label(),
            rel == Relationship.CUSTOMER ? "out_customer" : "out_up"));
  }
}
