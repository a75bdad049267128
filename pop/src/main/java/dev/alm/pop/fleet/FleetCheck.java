package dev.alm.pop.fleet;

import static dev.alm.pop.fleet.FleetPop.problem;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.loop.TtlInterval;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import dev.alm.pop.PopConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code alm fleet check}: what would go wrong with a laid-out fleet once it ships, one line per
 * problem ({@code FILE:FIELD: reason}). Each PoP's config is read as {@code alm pop} reads it; then
 * the fleet as a whole: one gamma (eq. 20) and one zone, private key files with the same probe and
 * gossip keys everywhere, no address used twice, every PoP a node of one topology and every node a
 * PoP, DRL seeds that are some PoP's SWIM address, and the CDN TTL at most two control intervals
 * (docs/pop/configuration.md, "Interval vs TTL").
 */
public final class FleetCheck {

  private FleetCheck() {}

  /** The problems of the fleet in {@code dir} (its {@code fleet.json}); empty when none. */
  public static List<String> check(Path dir) {
    List<String> problems = new ArrayList<>();
    Path manifest = dir.resolve(FleetLayout.MANIFEST);
    List<FleetPop> pops = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try {
      JsonFields f = JsonFields.read(manifest);
      JsonNode list = f.array("pops");
      for (int i = 0; i < list.size(); i++) {
        JsonFields p = f.element("pops", i);
        String name = p.text("name");
        names.add(name);
        try {
          FleetPop pop = FleetPop.read(name, dir.resolve(p.text("config")));
          if (!pop.config().id().equals(name)) {
            problems.add(
                problem(
                    manifest,
                    "pops[" + i + "].name",
                    "'" + name + "', but its config is PoP '" + pop.config().id() + "'"));
          }
          pops.add(pop);
        } catch (InputException e) {
          problems.add(e.getMessage());
        }
      }
    } catch (InputException e) {
      problems.add(e.getMessage());
      return problems;
    }
    keys(pops, problems);
    if (pops.isEmpty()) {
      return problems;
    }
    same(pops, problems);
    topology(manifest, names, pops, problems);
    addresses(pops, problems);
    seeds(pops, problems);
    for (FleetPop p : pops) {
      long ttl = p.config().dns().cdnTtl();
      long interval = p.config().loop().interval().toMillis();
      if (!TtlInterval.fits(ttl, Duration.ofMillis(interval))) {
        problems.add(
            problem(
                p.dnsFile(),
                "ttl.cdn",
                TtlInterval.problem(ttl, p.popFile() + " has intervalMs " + interval)));
      }
    }
    return problems;
  }

  /** Key and token files private; the probe and gossip keys one for the fleet. */
  private static void keys(List<FleetPop> pops, List<String> problems) {
    FleetPop first = null;
    for (FleetPop p : pops) {
      privateFile(p, "probeKeyFile", p.probeKey(), problems);
      privateFile(p, "adminTokenFile", p.adminToken(), problems);
      privateFile(p, "drl.keyFile", p.gossipKey(), problems);
      if (first == null) {
        first = p;
        continue;
      }
      sameKey(p, "probeKeyFile", p.probeKey(), first.probeKey(), problems);
      sameKey(p, "drl.keyFile", p.gossipKey(), first.gossipKey(), problems);
    }
  }

  private static void privateFile(FleetPop p, String field, Path key, List<String> problems) {
    if (key == null) {
      return;
    }
    try {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(key);
      perms.retainAll(
          Set.of(
              PosixFilePermission.GROUP_READ,
              PosixFilePermission.GROUP_WRITE,
              PosixFilePermission.OTHERS_READ,
              PosixFilePermission.OTHERS_WRITE));
      if (!perms.isEmpty()) {
        problems.add(
            problem(p.popFile(), field, key + " is readable or writable by others (chmod 600 it)"));
      }
    } catch (IOException | UnsupportedOperationException e) {
      problems.add(problem(p.popFile(), field, key + ": cannot read its mode: " + e.getMessage()));
    }
  }

  private static void sameKey(
      FleetPop p, String field, Path key, Path reference, List<String> problems) {
    if (key == null || reference == null) {
      if (key != reference) {
        problems.add(problem(p.popFile(), field, "set at some PoPs only"));
      }
      return;
    }
    try {
      if (!Arrays.equals(Files.readAllBytes(key), Files.readAllBytes(reference))) {
        problems.add(
            problem(p.popFile(), field, key + " differs from " + reference + " (one per fleet)"));
      }
    } catch (IOException e) {
      problems.add(problem(p.popFile(), field, key + ": cannot read: " + e.getMessage()));
    }
  }

  /** One gamma (eq. 20) and one zone, at the DNS and the proxy alike. */
  private static void same(List<FleetPop> pops, List<String> problems) {
    FleetPop first = pops.get(0);
    double gamma = first.config().loop().beta().gamma();
    String zone = zone(first.config().dns().zone().toString());
    for (FleetPop p : pops) {
      PopConfig c = p.config();
      if (c.loop().beta().gamma() != gamma) {
        problems.add(
            problem(
                p.popFile(),
                "probes.gamma",
                c.loop().beta().gamma()
                    + ", but "
                    + first.popFile()
                    + " has "
                    + gamma
                    + " (one gamma for the fleet, eq. 20)"));
      }
      String own = zone(c.dns().zone().toString());
      if (!own.equals(zone)) {
        problems.add(
            problem(p.dnsFile(), "zone", own + ", but " + first.dnsFile() + " has " + zone));
      }
      if (!zone(c.proxy().zone()).equals(own)) {
        problems.add(
            problem(
                p.proxyFile(),
                "zone",
                zone(c.proxy().zone()) + ", but its DNS file " + p.dnsFile() + " has " + own));
      }
    }
  }

  private static String zone(String z) {
    String s = z.toLowerCase(Locale.ROOT);
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  /** Every PoP a node of one topology, every node a PoP, no PoP twice. */
  private static void topology(
      Path manifest, List<String> names, List<FleetPop> pops, List<String> problems) {
    FleetPop first = pops.get(0);
    List<String> ids = first.config().topology().ids();
    for (FleetPop p : pops) {
      if (!p.config().topology().ids().equals(ids)) {
        problems.add(
            problem(
                p.popFile(),
                "topology",
                "nodes "
                    + p.config().topology().ids()
                    + ", but "
                    + first.popFile()
                    + "'s are "
                    + ids
                    + " (one topology for the fleet)"));
      }
    }
    Set<String> seen = new LinkedHashSet<>();
    for (String n : names) {
      if (!seen.add(n)) {
        problems.add(problem(manifest, "pops", "PoP '" + n + "' is named twice"));
      }
    }
    for (String id : ids) {
      if (!seen.contains(id)) {
        problems.add(problem(manifest, "pops", "topology node '" + id + "' has no PoP"));
      }
    }
  }

  /** No address twice: DNS, proxy, admin, gossip and SWIM of all PoPs. */
  private static void addresses(List<FleetPop> pops, List<String> problems) {
    Map<String, String> owner = new HashMap<>();
    for (FleetPop p : pops) {
      PopConfig c = p.config();
      String host = c.dns().listen().getHostString();
      boolean ownMachine = !AdminAccess.isLoopbackHost(host);
      List<String[]> mine = new ArrayList<>();
      mine.add(new String[] {p.dnsFile() + ":listen", host + ":" + c.dns().listen().getPort()});
      mine.add(new String[] {p.proxyFile() + ":listen", c.proxy().listen().toString()});
      if (c.admin() != null) {
        mine.add(new String[] {p.popFile() + ":admin", c.admin().toString()});
      }
      if (c.drl() != null) {
        mine.add(new String[] {p.popFile() + ":drl.listen", c.drl().listen().toString()});
        mine.add(new String[] {p.popFile() + ":drl.swim", c.drl().swim().toString()});
      }
      for (String[] a : mine) {
        // a PoP on its own machine has its own loopback: 127.0.0.1:9200 at each is fine
        HostPort hp = HostPort.parse(a[1]);
        String key =
            ownMachine && AdminAccess.isLoopbackHost(hp.host()) ? p.name() + "/" + a[1] : a[1];
        String before = owner.putIfAbsent(key, a[0]);
        if (before != null) {
          problems.add(a[0] + ": " + a[1] + " is also " + before);
        }
      }
    }
  }

  /** Every DRL seed is some PoP's SWIM address. */
  private static void seeds(List<FleetPop> pops, List<String> problems) {
    Set<String> swim = new LinkedHashSet<>();
    for (FleetPop p : pops) {
      if (p.config().drl() != null) {
        swim.add(p.config().drl().swim().toString());
      }
    }
    for (FleetPop p : pops) {
      if (p.config().drl() == null) {
        continue;
      }
      for (String s : p.config().drl().seeds()) {
        String norm;
        try {
          norm = HostPort.parse(s).toString();
        } catch (IllegalArgumentException e) {
          norm = s;
        }
        if (!swim.contains(norm)) {
          problems.add(problem(p.popFile(), "drl.seeds", s + " is no PoP's drl.swim " + swim));
        }
      }
    }
  }
}
