package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** The plan of a lab, from its declaration alone (no root). */
class LabPlanTest {

  @Test
  void everyNodeGetsANamespaceAndEveryLinkAVethWithDistinctAddresses() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-fig2");
    LabPlan p = LabPlan.of(t);
    // 2 routers, 2 PoPs, 4 eyeball networks, 2 resolvers, the datacenter
    assertEquals(11, p.namespaces().size());
    assertTrue(p.namespaces().stream().allMatch(n -> n.startsWith("alm-")));
    // 3 BGP links + 4 eyeball + 2 resolver + 1 datacenter access links
    assertEquals(10, p.veths().size());
    Set<String> addresses = new HashSet<>();
    for (LabPlan.Veth v : p.veths()) {
      assertTrue(addresses.add(v.addrA()), v.addrA());
      assertTrue(addresses.add(v.addrB()), v.addrB());
      assertTrue(v.addrA().startsWith("198.18."), "links in the benchmarking range: " + v.addrA());
      assertTrue(v.ifA().length() <= 15 && v.ifB().length() <= 15, "interface names fit Linux");
    }
    assertNotNull(p.veth("t2", "t1"), "a link is found from either end");
  }

  @Test
  void aNamedLabHasItsOwnNamespacesAndInterfacesWithinLinuxLimits() throws Exception {
    LabPlan p = LabPlan.of(LabTopologyJson.resolve("builtin:lab-fig2"), new LabName("hx"));
    assertTrue(
        p.namespaces().stream().allMatch(n -> n.startsWith("hx-")), p.namespaces()::toString);
    assertEquals("hx-t1", p.ns("t1"));
    LabPlan.Veth at1 = p.veth("a", "t1");
    assertEquals("hx-a", at1.nsA());
    assertEquals("hx-t1", at1.ifA(), "the interface is named after the node at the other end");
    assertEquals("hx-a", at1.ifB());
    assertTrue(p.birdConfig("a", "/run/alm-lab/hx").contains("\"/run/alm-lab/hx/a.bird.log\""));
    // the longest name with the longest ids still fits IFNAMSIZ (15 characters and a NUL)
    LabName longest = new LabName("abcdef");
    for (String b : LabTopologyJson.BUILTINS) {
      LabPlan q = LabPlan.of(LabTopologyJson.resolve("builtin:" + b), longest);
      for (LabPlan.Veth v : q.veths()) {
        assertTrue(v.ifA().length() <= 15 && v.ifB().length() <= 15, v.ifA() + " " + v.ifB());
      }
      assertEquals(q.namespaces().size(), new HashSet<>(q.namespaces()).size(), b);
    }
    assertEquals(15, longest.of("p2345678").length());
    assertTrue(LabTopology.ID.matcher("p2345678").matches(), "ids have up to 8 characters");
    assertTrue(!LabTopology.ID.matcher("p23456789").matches());
  }

  @Test
  void labNamesAreValidatedAndNoLabOwnsAnothersNamespaces() throws Exception {
    for (String bad : new String[] {"", "A", "1a", "ab-c", "abcdefg", "h_x", "hx ", "é"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new LabName(bad), bad);
      assertTrue(e.getMessage().startsWith("--name: "), e.getMessage());
      assertTrue(!e.getMessage().contains("\n"), "one line");
      assertTrue(!LabName.valid(bad), bad);
    }
    assertThrows(IllegalArgumentException.class, () -> new LabName(null));
    for (String good : new String[] {"a", "alm", "hx", "t1z9", "abcdef"}) {
      assertEquals(good, new LabName(good).value());
    }
    LabName alm = LabName.defaultName();
    assertEquals("alm", alm.value());
    assertTrue(alm.owns("alm-p1"));
    assertTrue(!alm.owns("almx-p1"), "a longer name is another lab");
    assertTrue(!new LabName("al").owns("alm-p1"), "a shorter name is another lab");
    assertTrue(!new LabName("hx").owns("alm-hx"));
    assertEquals(Path.of("/run/alm-lab/hx"), new LabName("hx").runDir(Path.of("/run/alm-lab")));
    assertEquals(
        "alm-a", LabPlan.of(LabTopologyJson.resolve("builtin:lab-mini")).ns("a"), "the default");
  }

  @Test
  void everyBuiltinReadsAndPlans() throws Exception {
    for (String name : LabTopologyJson.BUILTINS) {
      LabTopology t = LabTopologyJson.resolve("builtin:" + name);
      LabPlan p = LabPlan.of(t);
      for (String s : p.speakers()) {
        assertTrue(p.birdConfig(s, "/run/alm-lab").contains("protocol bgp"), name + " " + s);
      }
    }
    assertEquals(8, LabTopologyJson.resolve("builtin:lab-8").pops().size());
    assertEquals(12, LabTopologyJson.resolve("builtin:lab-8").eyeballs().size());
    assertTrue(LabTopologyJson.BUILTINS.containsAll(List.of("lab-skew", "lab-spill")));
  }

  @Test
  void everyBuiltinFitsATwoCoreMachine() throws Exception {
    for (String name : LabTopologyJson.BUILTINS) {
      LabTopology t = LabTopologyJson.resolve("builtin:" + name);
      int birds = t.routers().size() + t.pops().size();
      int jvms = t.pops().size() + t.eyeballs().size() + t.resolvers().size() + 1;
      assertTrue(birds + jvms <= 40, name + ": " + birds + " BIRDs and " + jvms + " JVMs");
    }
  }

  @Test
  void labSkewDeclaresAPopWithoutDnsUsersAndResolversAcrossTransits() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-skew");
    assertEquals(List.of("a", "b", "c"), t.popIds());
    // c's only provider is i1; nothing in i1 resolves there, so c's DNS catchment has no demand
    assertEquals(List.of("i1"), pop(t, "c").providers());
    assertTrue(t.resolvers().stream().noneMatch(r -> r.upstream().equals("i1")));
    List<LabTopology.Eyeball> underI1 =
        t.eyeballs().stream().filter(e -> e.upstream().equals("i1")).toList();
    assertTrue(!underI1.isEmpty(), "c's proxy still has users: those under i1");
    assertTrue(underI1.stream().noneMatch(LabTopology.Eyeball::onNet), "their resolver is away");
    // t2 has two customer PoPs: b directly, c through i1 (a longer customer path)
    assertEquals(LabTopology.Relationship.CUSTOMER, t.relationship("t2", "b"));
    assertEquals(LabTopology.Relationship.CUSTOMER, t.relationship("t2", "i1"));
    // half of a's DNS users (through r1 under t1) live under t2: C_ab = 0.5; none of b's under t1
    double aOwn = demand(t, "t1", "on-net");
    double aAway = demand(t, "t2", "r1");
    assertEquals(0.5, aAway / (aOwn + aAway), 1e-9);
    assertEquals(0, demand(t, "t1", "r2"), "C_ba = 0");
    assertTrue(totalDemand(t) > totalCapacity(t), "someone must offload to L2");
  }

  @Test
  void labSpillDeclaresASmallNeighbourAFarResolverAndASingleHomedPrependTarget() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-spill");
    assertEquals(List.of("p1", "p2", "p3", "p4"), t.popIds());
    // p1's catchment (everything directly under t1) falls to p2 through i1, a customer of t1
    assertEquals(List.of("t1"), pop(t, "p1").providers());
    assertEquals(List.of("i1"), pop(t, "p2").providers());
    assertEquals(LabTopology.Relationship.CUSTOMER, t.relationship("t1", "i1"));
    double dumped = demand(t, "t1", "on-net") + demand(t, "i1", "on-net");
    assertTrue(dumped > 2 * pop(t, "p2").capacity(), "p2 is small: " + dumped);
    // p3 is single-homed to t2: a prepend cannot beat t2's local preference for its customer
    assertEquals(List.of("t2"), pop(t, "p3").providers());
    // p4's provider t3 holds no users, only the public resolver g, whose users live under t2
    assertEquals(List.of("t3"), pop(t, "p4").providers());
    assertTrue(t.eyeballs().stream().noneMatch(e -> e.upstream().equals("t3")), "C_44 = 0");
    assertEquals("t3", t.resolvers().get(0).upstream());
    assertTrue(demand(t, "t2", "g") > 0, "g's users' HTTP catchment is p3");
    assertTrue(
        demand(t, "t2", "on-net") + demand(t, "t2", "g") > pop(t, "p3").capacity(),
        "p3 is overloaded at every x = 1");
  }

  private static LabTopology.Pop pop(LabTopology t, String id) {
    return t.pops().get(t.popIndex(id));
  }

  /** Demand of the eyeball networks under {@code upstream} resolving through {@code resolver}. */
  private static double demand(LabTopology t, String upstream, String resolver) {
    return t.eyeballs().stream()
        .filter(e -> e.upstream().equals(upstream) && e.resolver().equals(resolver))
        .mapToDouble(LabTopology.Eyeball::demand)
        .sum();
  }

  private static double totalDemand(LabTopology t) {
    return t.eyeballs().stream().mapToDouble(LabTopology.Eyeball::demand).sum();
  }

  private static double totalCapacity(LabTopology t) {
    return t.pops().stream().mapToDouble(LabTopology.Pop::capacity).sum();
  }

  @Test
  void popsAnnounceBothAnycastPrefixesAndTransitsPreferCustomers() throws Exception {
    LabPlan p = LabPlan.of(LabTopologyJson.resolve("builtin:lab-fig2"));
    String a = p.birdConfig("a", "/run/alm-lab");
    assertTrue(a.contains("route 192.0.2.0/24 blackhole"), a);
    assertTrue(a.contains("route 198.51.100.0/24 blackhole"), a);
    assertTrue(a.contains("import filter in_provider; export filter out_up;"), a);
    assertTrue(
        a.contains("export where source != RTS_STATIC"), "anycast routes stay out of the kernel");
    String t1 = p.birdConfig("t1", "/run/alm-lab");
    assertTrue(t1.contains("neighbor 198.18.0.1 as 64601"), t1);
    assertTrue(
        t1.contains("import filter in_customer; export filter out_customer;"),
        "t1 sees a as a customer: " + t1);
    assertTrue(t1.contains("import filter in_peer; export filter out_up;"), "t2 is a peer: " + t1);
    assertTrue(t1.contains("bgp_local_pref = 300;") && t1.contains("bgp_local_pref = 100;"));
    assertTrue(t1.contains("route 198.19.1.0/24 via"), "t1 originates its eyeball network e1");
  }

  @Test
  void valleyFreeExportOnlyPassesCustomerRoutesUpward() throws Exception {
    LabPlan p = LabPlan.of(LabTopologyJson.resolve("builtin:lab-fig2"));
    String t1 = p.birdConfig("t1", "/run/alm-lab");
    int up = t1.indexOf("filter out_up");
    String outUp = t1.substring(up, t1.indexOf("}\n", t1.indexOf("reject;", up)) + 1);
    assertTrue(outUp.contains("(64510, 1) ~ bgp_community"), outUp);
    assertTrue(outUp.contains("reject;"), outUp);
  }

  @Test
  void prependRepeatsThePopsAsOnItsAnnouncements() throws Exception {
    LabPlan p = LabPlan.of(LabTopologyJson.resolve("builtin:lab-fig2"));
    String b = p.birdConfig("b", "/run/alm-lab", 3);
    assertEquals(
        6, b.split("bgp_path.prepend\\(64602\\)", -1).length - 1, "3 in each export filter");
    assertEquals(0, p.birdConfig("b", "/run/alm-lab").split("prepend", -1).length - 1);
  }

  @Test
  void theTrueCComesFromResolverAndHttpCatchmentsWeightedByDemand() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-fig2");
    LabSettings s = TestSettings.of("builtin:lab-fig2", "/tmp", 50, 50, 400, null, false);
    // the catchments BGP gives lab-fig2: each transit prefers its customer PoP
    var c =
        Map.of(
            "e1", new LabRun.Catch("a", "a"),
            "e2", new LabRun.Catch("b", "b"),
            "e3", new LabRun.Catch("b", "b"),
            "e4", new LabRun.Catch("a", "a"),
            "r1", new LabRun.Catch("a", null),
            "r2", new LabRun.Catch("b", null));
    LabTruth truth = LabRun.truth(t, c, s, 0, 0);
    assertEquals(0.1, truth.c()[0][0], 1e-9);
    assertEquals(0.9, truth.c()[0][1], 1e-9);
    assertEquals(0.5, truth.c()[1][0], 1e-9);
    assertEquals(1.0, truth.demand()[0], 1e-9);
    assertEquals(1.0, truth.demand()[1], 1e-9);
    assertTrue(truth.requestsPerQuery()[0] > 1, "requests per CDN query above one");
  }

  @Test
  void badTopologiesFailInOneLineNamingTheField() {
    String text =
        "{\"routers\":[{\"id\":\"t1\",\"as\":64510}],"
            + "\"pops\":[{\"id\":\"a\",\"as\":64601,\"capacity\":1,\"providers\":[\"t9\"]}],"
            + "\"links\":[],\"eyeballs\":[{\"id\":\"e1\",\"demand\":1,\"upstream\":\"t1\"}],"
            + "\"datacenter\":{\"upstream\":\"t1\"}}";
    var e =
        Assertions.assertThrows(
            InputException.class, () -> LabTopologyJson.parse("topo.json", text));
    assertTrue(
        e.getMessage().startsWith("topo.json:pops: a: provider 't9' is not a router"),
        e.getMessage());
    assertTrue(!e.getMessage().contains("\n"));
    var unknown =
        Assertions.assertThrows(
            InputException.class,
            () -> LabTopologyJson.parse("t.json", text.replace("\"links\":[]", "\"linkz\":[]")));
    assertTrue(unknown.getMessage().contains("linkz: unknown field"), unknown.getMessage());
  }

  @Test
  void drillsParseAndRefuseBadValuesInOneLine() {
    LabDrill d = LabDrill.parse(LabDrill.Kind.PREPEND, "b:3:20");
    assertEquals(List.of("b", 3, 20.0), List.of(d.target(), d.prepend(), d.atSeconds()));
    LabDrill n = LabDrill.parse(LabDrill.Kind.NETEM, "t1-t2:loss=1,delay=30:15");
    assertEquals(30.0, n.delayMs());
    assertEquals(1.0, n.lossPercent());
    var e =
        Assertions.assertThrows(
            IllegalArgumentException.class, () -> LabDrill.parse(LabDrill.Kind.WITHDRAW, "a"));
    assertTrue(e.getMessage().startsWith("--withdraw: expected POP:SECONDS"), e.getMessage());
  }
}
