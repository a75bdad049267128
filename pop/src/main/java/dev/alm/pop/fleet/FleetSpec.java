package dev.alm.pop.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.controller.model.Topology;
import dev.alm.loop.TtlInterval;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code alm fleet init} lays out (docs/operations/deploying.md, "Deploying"): one PoP per
 * node of the topology, each on its own address, all in one zone. Every value is checked here, so a
 * bad flag stops {@code alm fleet init} before anything is written.
 *
 * @param topology the fleet's topology; its node ids are the PoPs' names
 * @param addresses each PoP's public address (DNS and proxy), in the topology's order
 * @param drlAddresses each PoP's address on the PoPs' private network (DRL gossip and SWIM)
 * @param ports the ports every PoP listens on
 * @param zone the CDN zone, ending in a dot
 * @param l1 the anycast (L1) addresses the DNS hands out
 * @param l2 the datacenter (L2) addresses the DNS hands out
 * @param intervalMs the control interval
 * @param cdnTtl the CDN answers' TTL, seconds (at most two control intervals,
 *     docs/pop/configuration.md)
 * @param loadUnit requests/s per load unit of the topology
 * @param stateDir where each PoP's state file goes ({@code NAME.state.json}), or null for {@code
 *     state.json} beside its pop.json
 * @param customers the proxies' customers (a JSON list, docs/ratelimit/enforcement.md), or null
 */
public record FleetSpec(
    Topology topology,
    List<String> addresses,
    List<String> drlAddresses,
    Ports ports,
    String zone,
    List<String> l1,
    List<String> l2,
    long intervalMs,
    long cdnTtl,
    double loadUnit,
    String stateDir,
    JsonNode customers) {

  /** The first loopback address of the default layout: PoPs on 127.0.0.11, .12, ... */
  public static final String DEFAULT_BASE = "127.0.0.11";

  /** Where each PoP's listeners are, on its own addresses. */
  public record Ports(int dns, int proxy, int admin, int gossip, int swim) {
    /** DNS 5353, proxy 8080, admin 9200, gossip 7301, SWIM 7401: nothing needs root. */
    public static final Ports DEFAULT = new Ports(5353, 8080, 9200, 7301, 7401);

    public Ports {
      Set<Integer> seen = new HashSet<>();
      for (int p : new int[] {dns, proxy, admin, gossip, swim}) {
        if (p < 1 || p > 65535) {
          throw new IllegalArgumentException("ports must be in 1-65535, got " + p);
        }
        if (!seen.add(p)) {
          throw new IllegalArgumentException("port " + p + " is given to two listeners");
        }
      }
    }
  }

  public FleetSpec {
    int n = topology.size();
    addresses = List.copyOf(addresses);
    drlAddresses = List.copyOf(drlAddresses);
    l1 = List.copyOf(l1);
    l2 = List.copyOf(l2);
    if (addresses.size() != n) {
      throw new IllegalArgumentException(
          "--addresses: " + n + " PoPs need " + n + " addresses, got " + addresses.size());
    }
    if (drlAddresses.size() != n) {
      throw new IllegalArgumentException(
          "--drl-addresses: " + n + " PoPs need " + n + " addresses, got " + drlAddresses.size());
    }
    unique("--addresses", addresses);
    unique("--drl-addresses", drlAddresses);
    for (String id : topology.ids()) {
      if (!id.matches("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")) {
        throw new IllegalArgumentException(
            "PoP name '"
                + id
                + "' is not a lower-case DNS label (it names a directory and probes)");
      }
    }
    if (!zone.endsWith(".")) {
      zone = zone + ".";
    }
    if (l1.isEmpty() || l2.isEmpty()) {
      throw new IllegalArgumentException("--l1 and --l2 need at least one address each");
    }
    if (intervalMs < 100) {
      throw new IllegalArgumentException("--interval-ms must be at least 100, got " + intervalMs);
    }
    if (cdnTtl < 1) {
      throw new IllegalArgumentException("--ttl must be at least 1 s, got " + cdnTtl);
    }
    if (!TtlInterval.fits(cdnTtl, Duration.ofMillis(intervalMs))) {
      throw new IllegalArgumentException(
          "--ttl: " + TtlInterval.problem(cdnTtl, Duration.ofMillis(intervalMs)));
    }
    if (!(loadUnit > 0)) {
      throw new IllegalArgumentException("--load-unit must be > 0, got " + loadUnit);
    }
    if (customers != null && !customers.isArray()) {
      throw new IllegalArgumentException("customers: expected a list");
    }
  }

  /** The PoPs' names: the topology's node ids. */
  public List<String> pops() {
    return topology.ids();
  }

  /**
   * {@code n} consecutive IPv4 addresses from {@code base} (the last octet counts up).
   *
   * @throws IllegalArgumentException for a base that is not IPv4 or a range past .254
   */
  public static List<String> consecutive(String base, int n) {
    String[] o = base.split("\\.");
    if (o.length != 4) {
      throw new IllegalArgumentException("--base-address: expected an IPv4 address, got " + base);
    }
    int last;
    try {
      for (String part : o) {
        int v = Integer.parseInt(part);
        if (v < 0 || v > 255) {
          throw new NumberFormatException();
        }
      }
      last = Integer.parseInt(o[3]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--base-address: expected an IPv4 address, got " + base);
    }
    if (last + n - 1 > 254) {
      throw new IllegalArgumentException(
          "--base-address: " + n + " addresses from " + base + " run past .254");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(o[0] + "." + o[1] + "." + o[2] + "." + (last + i));
    }
    return out;
  }

  private static void unique(String flag, List<String> addresses) {
    Set<String> seen = new HashSet<>();
    for (String a : addresses) {
      if (!a.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
        throw new IllegalArgumentException(flag + ": '" + a + "' is not an address literal");
      }
      if (!seen.add(a)) {
        throw new IllegalArgumentException(flag + ": " + a + " is given to two PoPs");
      }
    }
  }
}
