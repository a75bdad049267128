package dev.alm.app.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.app.UserError;
import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.pop.fleet.FleetFile;
import dev.alm.pop.fleet.FleetLayout;
import dev.alm.pop.fleet.FleetSecrets;
import dev.alm.pop.fleet.FleetSpec;
import dev.alm.pop.fleet.FleetWriter;
import dev.alm.proxy.limit.CustomersJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm fleet init}: writes every file of a new fleet ({@link FleetLayout}) into a new
 * directory, one sub-directory per PoP, with fresh keys ({@link FleetSecrets}).
 */
@Command(
    name = "init",
    header = "Write the config files and keys of a new fleet, one directory per PoP.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Writes DIR/NAME/{pop,dns,proxy,topology}.json, the fleet's probe.key and gossip.key, the PoP's",
      "admin.key, and DIR/fleet.json. Defaults run every PoP on this machine's loopback (127.0.0.11, .12, ...);",
      "give --addresses (and --drl-addresses for a private network) for real PoPs. Check with alm fleet check."
    })
public final class FleetInitCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  static final class Which {
    @Option(
        names = {"-t", "--topology"},
        paramLabel = "T",
        description = "Topology JSON file or builtin:...; its node ids name the PoPs.")
    String topology;

    @Option(
        names = "--pops",
        split = ",",
        paramLabel = "NAME",
        description = "PoP names (a,b,c): a topology of equal PoPs with C the identity.")
    List<String> pops;
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  Which which;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "A new directory.")
  Path out;

  @Option(
      names = "--addresses",
      split = ",",
      paramLabel = "IP",
      description = "Each PoP's public address (DNS, proxy), in the topology's order.")
  List<String> addresses;

  @Option(
      names = "--base-address",
      paramLabel = "IP",
      defaultValue = FleetSpec.DEFAULT_BASE,
      description =
          "Without --addresses: consecutive addresses from this one (default ${DEFAULT-VALUE}).")
  String base;

  @Option(
      names = "--drl-addresses",
      split = ",",
      paramLabel = "IP",
      description =
          "Each PoP's address on the PoPs' private network (DRL gossip, SWIM); default: --addresses.")
  List<String> drlAddresses;

  @Option(
      names = "--zone",
      defaultValue = "cdn.example.",
      description = "CDN zone (${DEFAULT-VALUE}).")
  String zone;

  @Option(
      names = "--l1",
      split = ",",
      defaultValue = "192.0.2.1",
      description = "Anycast addresses the DNS hands out (${DEFAULT-VALUE}).")
  List<String> l1;

  @Option(
      names = "--l2",
      split = ",",
      defaultValue = "198.51.100.1",
      description = "Datacenter addresses the DNS hands out (${DEFAULT-VALUE}).")
  List<String> l2;

  @Option(
      names = "--dns-port",
      defaultValue = "5353",
      description = "(${DEFAULT-VALUE}; 53 in production)")
  int dnsPort;

  @Option(
      names = "--proxy-port",
      defaultValue = "8080",
      description = "(${DEFAULT-VALUE}; 80 in production)")
  int proxyPort;

  @Option(names = "--admin-port", defaultValue = "9200", description = "(${DEFAULT-VALUE})")
  int adminPort;

  @Option(
      names = "--gossip-port",
      defaultValue = "7301",
      description = "DRL gossip, UDP (${DEFAULT-VALUE})")
  int gossipPort;

  @Option(
      names = "--swim-port",
      defaultValue = "7401",
      description = "SWIM, TCP (${DEFAULT-VALUE})")
  int swimPort;

  @Option(
      names = "--interval-ms",
      defaultValue = "1000",
      description = "Control interval (${DEFAULT-VALUE}).")
  long intervalMs;

  @Option(
      names = "--ttl",
      defaultValue = "2",
      description = "CDN answers' TTL, s; at most 2 intervals (${DEFAULT-VALUE}).")
  long ttl;

  @Option(
      names = "--load-unit",
      defaultValue = "500",
      description = "Requests/s per load unit (${DEFAULT-VALUE}).")
  double loadUnit;

  @Option(
      names = "--state-dir",
      paramLabel = "DIR",
      description =
          "State files as DIR/NAME.state.json (/var/lib/alm for the Debian package); default beside pop.json.")
  String stateDir;

  @Option(
      names = "--customers",
      paramLabel = "FILE",
      description = "Customers file {\"customers\": [...]}, put into every proxy.json.")
  Path customers;

  @Override
  public Integer call() throws InputException, IOException {
    Topology t = topology();
    int n = t.size();
    List<String> own;
    try {
      own = addresses != null ? addresses : FleetSpec.consecutive(base, n);
      FleetSpec fleet =
          new FleetSpec(
              t,
              own,
              drlAddresses != null ? drlAddresses : own,
              new FleetSpec.Ports(dnsPort, proxyPort, adminPort, gossipPort, swimPort),
              zone,
              l1,
              l2,
              intervalMs,
              ttl,
              loadUnit,
              stateDir,
              customers == null ? null : customers());
      List<FleetFile> files =
          FleetLayout.files(fleet, FleetSecrets.generate(new SecureRandom(), t.ids()));
      FleetWriter.write(out, files);
      PrintWriter w = spec.commandLine().getOut();
      w.printf("fleet: %d PoPs in %s (zone %s)%n", n, out, fleet.zone());
      JsonNode manifest =
          JsonFields.strictMapper().readTree(files.get(files.size() - 1).text()).get("pops");
      for (JsonNode p : manifest) {
        w.printf(
            "  %s/: DNS %s, proxy %s, admin %s, SWIM %s%n",
            p.get("name").asText(),
            p.get("dns").asText(),
            p.get("proxy").asText(),
            p.get("admin").asText(),
            p.get("swim").asText());
      }
      w.printf("next: alm fleet check %s%n", out);
      return 0;
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new UserError(e.getMessage());
    }
  }

  private Topology topology() throws InputException {
    if (which.topology != null) {
      return BuiltinTopologies.isBuiltin(which.topology)
          ? BuiltinTopologies.resolve(which.topology)
          : TopologyJson.read(Path.of(which.topology), false).topology();
    }
    List<Node> nodes = new ArrayList<>();
    for (String p : which.pops) {
      nodes.add(new Node(p, 1, 0.3, 1, 10, 0.5));
    }
    try {
      return new Topology(nodes, CorrelationMatrix.identity(which.pops));
    } catch (IllegalArgumentException e) {
      throw new UserError("--pops: " + e.getMessage());
    }
  }

  /** The customers list of {@code --customers}, checked as {@code alm pop --customers} would. */
  private JsonNode customers() throws InputException {
    CustomersJson.readFile(customers);
    return JsonFields.readObject(customers).get("customers");
  }
}
