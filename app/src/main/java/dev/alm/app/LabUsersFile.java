package dev.alm.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.cluster.ClusterConfig;
import dev.alm.controller.model.Topology;
import dev.alm.loop.fleet.Eyeball;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The users of an {@code alm lab} run as {@code alm predict --lab DIR} models them: the eyeball
 * networks of the run's {@code catchments.json} (demand, DNS and HTTP catchment, resolver), and
 * from its access logs ({@link LabAccessLogs}) the users' warm-up and the background load each
 * proxy carried from 2 s after the first ordinary request to the prediction's end (without access
 * logs, no warm-up and {@code summary.json}'s {@code pops.ID.backgroundLoad}, which is measured
 * over the run's last 20%).
 *
 * @param eyeballs the networks, with the run's FastControl beacons per load unit of their demand
 *     ({@code run/settings.json}'s {@code fcBeaconsPerUnit}; without it {@code --beacons})
 * @param backgroundAt requests/s per proxy that did not follow x in the run
 * @param requestsPerQuery per PoP, the users' requests per CDN query its DNS receives with {@code
 *     --resolvers} caches per network, as {@code alm lab} calibrates its PoPs ({@code
 *     LabRun.truth})
 * @param logs what the access logs showed, or null without them
 */
record LabUsersFile(
    List<Eyeball> eyeballs,
    Map<String, Double> backgroundAt,
    Map<String, Double> requestsPerQuery,
    LabAccessLogs logs) {

  /** The background is measured from this long after the users' first request. */
  static final double BACKGROUND_FROM_SECONDS = 2;

  /** The prediction's setting must be the run's (alm lab's name for it in run/settings.json). */
  private static void same(Path dir, String flag, JsonNode run, double predicted) {
    if (run.isNumber() && Math.abs(run.asDouble() - predicted) > 1e-9) {
      throw new UserError(
          "--lab "
              + dir
              + ": the run had "
              + flag.substring(2)
              + " "
              + run.asText()
              + ", the prediction "
              + (predicted == Math.rint(predicted) ? String.valueOf((long) predicted) : predicted)
              + "; pass "
              + flag
              + " "
              + run.asText());
    }
  }

  private static JsonNode readOptional(Path f) throws IOException {
    return Files.isRegularFile(f)
        ? Outputs.JSON.readTree(f.toFile())
        : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  /** One line on what the prediction takes from the run. */
  String line() {
    StringBuilder b =
        new StringBuilder("lab users: ").append(eyeballs.size()).append(" eyeball networks");
    if (logs == null) {
      b.append("; no access logs: no warm-up, background of the run's last 20%");
    } else if (logs.lag() > 0) {
      b.append(
          String.format(
              java.util.Locale.ROOT,
              "; warm-up: the request due at %.2f s sent %.2f s late, the backlog at %.2f s",
              logs.lagAt(),
              logs.lag(),
              logs.lagAt() + logs.lag()));
    } else {
      b.append("; no warm-up burst");
    }
    b.append("; background requests/s:");
    backgroundAt.forEach(
        (pop, r) -> b.append(String.format(java.util.Locale.ROOT, " %s %.1f", pop, r)));
    return b.toString();
  }

  double requestsPerQuery(String pop) {
    return requestsPerQuery.getOrDefault(pop, 0.0);
  }

  /** The background of a run without access logs: its summary's backgroundLoad, requests/s. */
  private static Map<String, Double> summaryBackground(Path summary, Topology t, double unit)
      throws IOException {
    Map<String, Double> background = new LinkedHashMap<>();
    JsonNode pops = Outputs.JSON.readTree(summary.toFile()).path("pops");
    for (String id : t.ids()) {
      double b = pops.path(id).path("backgroundLoad").asDouble(0);
      if (b > 0) {
        background.put(id, b * unit);
      }
    }
    return background;
  }

  /** The networks with the warm-up the access logs show: it held every network's lane alike. */
  private static List<Eyeball> warmedUp(List<Eyeball> eyeballs, LabAccessLogs logs) {
    if (logs == null || !(logs.lag() > 0)) {
      return eyeballs;
    }
    List<Eyeball> users = new ArrayList<>();
    for (Eyeball e : eyeballs) {
      users.add(
          new Eyeball(
              e.id(),
              e.dns(),
              e.http(),
              e.demand(),
              e.resolver(),
              e.beacons(),
              logs.lag(),
              logs.lagAt()));
    }
    return users;
  }

  static LabUsersFile read(Path dir, Topology t, ClusterConfig c) {
    Path catchments = dir.resolve("catchments.json");
    Path summary = dir.resolve("summary.json");
    if (!Files.isRegularFile(catchments) || !Files.isRegularFile(summary)) {
      throw new UserError(
          "--lab " + dir + ": expected an alm lab run (catchments.json, summary.json)");
    }
    try {
      JsonNode nets = Outputs.JSON.readTree(catchments.toFile()).path("catchments");
      double unit = c.loadUnit();
      int caches = c.resolvers();
      long ttl = c.cdnTtl();
      JsonNode settings = readOptional(dir.resolve("run").resolve("settings.json"));
      same(dir, "--load-unit", settings.path("loadUnit"), unit);
      same(dir, "--resolvers", settings.path("resolverCaches"), caches);
      same(dir, "--ttl", settings.path("ttl"), ttl);
      double beaconsPerUnit = settings.path("fcBeaconsPerUnit").asDouble(c.beaconRate());
      LabAccessLogs logs =
          LabAccessLogs.read(
              dir,
              t.ids(),
              settings.path("bodyBytes").asInt(64),
              BACKGROUND_FROM_SECONDS,
              c.duration().toNanos() / 1e9);
      List<Eyeball> eyeballs = new ArrayList<>();
      Map<String, Double> demand = new LinkedHashMap<>();
      Map<String, Double> queries = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = nets.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode n = e.getValue();
        if (!n.has("http") || !n.has("demand")) {
          continue; // a resolver, not an eyeball network
        }
        String resolver = n.path("resolver").asText("on-net");
        double d = n.path("demand").asDouble();
        String dns = n.path("dns").asText();
        eyeballs.add(
            new Eyeball(
                e.getKey(),
                dns,
                n.path("http").asText(),
                d,
                "on-net".equals(resolver) ? e.getKey() : resolver,
                beaconsPerUnit * d));
        double perCache = d * unit / caches;
        demand.merge(dns, d, Double::sum);
        queries.merge(dns, caches * perCache / (perCache * ttl + 1), Double::sum);
      }
      if (eyeballs.isEmpty()) {
        throw new UserError("--lab " + dir + ": no eyeball networks in catchments.json");
      }
      Map<String, Double> rpq = new LinkedHashMap<>();
      demand.forEach((pop, d) -> rpq.put(pop, d * unit / queries.get(pop)));
      Map<String, Double> background =
          logs == null ? summaryBackground(summary, t, unit) : logs.background();
      return new LabUsersFile(List.copyOf(warmedUp(eyeballs, logs)), background, rpq, logs);
    } catch (IOException e) {
      throw new UserError("--lab " + dir + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new UserError("--lab " + dir + ": " + e.getMessage());
    }
  }
}
