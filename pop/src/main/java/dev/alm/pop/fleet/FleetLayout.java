package dev.alm.pop.fleet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.Topology;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of a fleet, as a pure function of its {@link FleetSpec} and {@link FleetSecrets}: per
 * PoP a directory {@code NAME/} with {@code pop.json}, {@code dns.json}, {@code proxy.json}, the
 * topology, the fleet's probe and gossip keys and the PoP's own admin token, and {@code fleet.json}
 * naming them (the shape of docs/pop/fleet.md, "A fleet of three PoPs on one machine"). Each
 * directory is complete on its own: it is what goes to {@code /etc/alm/NAME/} on the PoP.
 */
public final class FleetLayout {

  /** The fleet's index, beside the PoPs' directories. */
  public static final String MANIFEST = "fleet.json";

  public static final String POP = "pop.json";
  public static final String DNS = "dns.json";
  public static final String PROXY = "proxy.json";
  public static final String TOPOLOGY = "topology.json";
  public static final String PROBE_KEY = "probe.key";
  public static final String GOSSIP_KEY = "gossip.key";
  public static final String ADMIN_KEY = "admin.key";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private FleetLayout() {}

  /** Every file of the fleet, the manifest last. */
  public static List<FleetFile> files(FleetSpec spec, FleetSecrets secrets) {
    List<FleetFile> out = new ArrayList<>();
    String topology = topology(spec.topology());
    ObjectNode manifest = JSON.createObjectNode();
    manifest.put("format", 1);
    manifest.put("zone", spec.zone());
    ArrayNode pops = manifest.putArray("pops");
    List<String> names = spec.pops();
    for (int i = 0; i < names.size(); i++) {
      String p = names.get(i);
      ObjectNode dns = dns(spec, i);
      ObjectNode proxy = proxy(spec, i);
      ObjectNode pop = pop(spec, i);
      out.add(new FleetFile(p + "/" + POP, text(pop), false));
      out.add(new FleetFile(p + "/" + DNS, text(dns), false));
      out.add(new FleetFile(p + "/" + PROXY, text(proxy), false));
      out.add(new FleetFile(p + "/" + TOPOLOGY, topology, false));
      out.add(new FleetFile(p + "/" + PROBE_KEY, secrets.probeKey() + "\n", true));
      out.add(new FleetFile(p + "/" + GOSSIP_KEY, secrets.gossipKey() + "\n", true));
      out.add(new FleetFile(p + "/" + ADMIN_KEY, secrets.adminTokens().get(p) + "\n", true));
      ObjectNode entry = pops.addObject();
      entry.put("name", p);
      entry.put("address", spec.addresses().get(i));
      entry.put("drlAddress", spec.drlAddresses().get(i));
      entry.put("config", p + "/" + POP);
      entry.put("dns", dns.get("listen").asText());
      entry.put("proxy", proxy.get("listen").asText());
      entry.put("admin", pop.get("admin").asText());
      entry.put("swim", pop.get("drl").get("swim").asText());
    }
    out.add(new FleetFile(MANIFEST, text(manifest), false));
    return out;
  }

  /**
   * The admin address of PoP {@code i}: on its own address when that is loopback (several PoPs on
   * one machine), else on 127.0.0.1 (docs/operations/trust.md, "Admin access").
   */
  static HostPort admin(FleetSpec spec, int i) {
    String a = spec.addresses().get(i);
    return new HostPort(AdminAccess.isLoopbackHost(a) ? a : "127.0.0.1", spec.ports().admin());
  }

  private static ObjectNode dns(FleetSpec spec, int i) {
    ObjectNode d = JSON.createObjectNode();
    d.put("pop", spec.pops().get(i));
    d.put("zone", spec.zone());
    d.putArray("names").add("www");
    spec.l1().forEach(d.putArray("l1")::add);
    spec.l2().forEach(d.putArray("l2")::add);
    d.putObject("ttl").put("cdn", spec.cdnTtl());
    d.put("listen", new HostPort(spec.addresses().get(i), spec.ports().dns()).toString());
    return d;
  }

  private static ObjectNode proxy(FleetSpec spec, int i) {
    ObjectNode p = JSON.createObjectNode();
    p.put("pop", spec.pops().get(i));
    p.put("zone", spec.zone().substring(0, spec.zone().length() - 1));
    p.put("listen", new HostPort(spec.addresses().get(i), spec.ports().proxy()).toString());
    p.put("controlIntervalMs", spec.intervalMs());
    if (spec.customers() != null) {
      p.set("customers", spec.customers().deepCopy());
    }
    return p;
  }

  private static ObjectNode pop(FleetSpec spec, int i) {
    String name = spec.pops().get(i);
    ObjectNode p = JSON.createObjectNode();
    p.put("topology", TOPOLOGY);
    p.put("dns", DNS);
    p.put("proxy", PROXY);
    p.put("intervalMs", spec.intervalMs());
    p.put("loadUnit", spec.loadUnit());
    p.put("probeKeyFile", PROBE_KEY);
    p.put("admin", admin(spec, i).toString());
    p.put("adminTokenFile", ADMIN_KEY);
    p.put(
        "state",
        spec.stateDir() == null
            ? "state.json"
            : spec.stateDir().replaceFirst("/+$", "") + "/" + name + ".state.json");
    ObjectNode drl = p.putObject("drl");
    String own = spec.drlAddresses().get(i);
    drl.put("listen", new HostPort(own, spec.ports().gossip()).toString());
    drl.put("swim", new HostPort(own, spec.ports().swim()).toString());
    ArrayNode seeds = drl.putArray("seeds");
    for (String other : spec.drlAddresses()) {
      if (!other.equals(own)) {
        seeds.add(new HostPort(other, spec.ports().swim()).toString());
      }
    }
    drl.put("keyFile", GOSSIP_KEY);
    return p;
  }

  /** The topology in the format of {@link TopologyJson}, matrix inline. */
  private static String topology(Topology t) {
    return text(TopologyJson.toJson(t));
  }

  private static String text(ObjectNode node) {
    try {
      return JSON.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
