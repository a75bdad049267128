package dev.alm.app.drl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.app.RunForOption;
import dev.alm.app.UserError;
import dev.alm.drl.central.CentralCustomersJson;
import dev.alm.drl.central.CentralKeyLimit;
import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.TokenServerDaemon;
import dev.alm.drl.central.TokenServerSettings;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import dev.alm.node.ConfigFlags;
import dev.alm.node.DaemonLifecycle;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersJson;
import dev.alm.proxy.limit.LimitMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl token-server}: the central token server of article 002 section 4.2, the baseline
 * that leases batches of each customer's global limit to the PoPs (docs/ratelimit/central.md).
 */
@Command(
    name = "token-server",
    header = "The central token server: one bucket per customer, batches leased to PoPs over UDP.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Holds one token bucket per customer at its global limit and answers the PoPs' lease requests",
      "(UDP, HMAC-SHA256 with the key file, replay window per client) with batches of tokens that are",
      "void after --lease. A baseline for the distributed agents: one process, one point of failure.",
      "Customers file: the proxies' customers file ({\"customers\": [...]}; the customers in mode",
      "central, at their requestsPerSecond with burstSeconds of it), or a JSON array",
      "[{\"name\": \"acme\", \"limit\": 1000, \"burst\": 2000}, ...] (limit in units/s; burst in",
      "units, default one second of the limit), where a customer may also have a per-key limit,",
      "\"keys\": {\"limit\": 100, \"window\": \"1m\"}: the server then answers the PoPs' key requests",
      "(one per request of a key, the key sent as its hash) from a fixed-window count per key",
      "(docs/ratelimit/keys-central.md).",
      "GET /status and GET /metrics on --admin."
    })
public final class TokenServerCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--listen",
      paramLabel = "HOST:PORT",
      defaultValue = "127.0.0.1:7350",
      description = "UDP address to serve. Default: 127.0.0.1:7350.")
  String listen;

  @Option(
      names = "--key-file",
      paramLabel = "FILE",
      required = true,
      description =
          "Shared key file of the fleet: the current key first, optionally the previous one during"
              + " a rotation; at least 16 bytes each; not writable by others.")
  Path keyFile;

  @Option(
      names = "--customers",
      paramLabel = "FILE",
      required = true,
      description = "Customers and their limits (the proxies' file or a JSON array, see above).")
  Path customers;

  @Option(
      names = "--lease",
      paramLabel = "DURATION",
      defaultValue = "500ms",
      description =
          "How long a grant may be spent; bounds the overshoot at limit x lease. Default: 500ms.")
  String lease;

  @Option(
      names = "--batch-seconds",
      defaultValue = "0.1",
      description =
          "A grant is at most limit x this / active clients of the customer. Default: 0.1.")
  double batchSeconds;

  @Option(
      names = "--admin",
      paramLabel = "HOST:PORT",
      description = "Admin HTTP address (GET /status, /metrics). Default: none.")
  String admin;

  @Mixin RunForOption runFor;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    HostPort at = hostPort("--listen", listen);
    HostPort adminAt = admin == null ? null : hostPort("--admin", admin);
    Duration leaseTime = DaemonLifecycle.duration("--lease", lease);
    Duration runTime = runFor.get();
    TokenServerSettings settings;
    try {
      settings = TokenServerSettings.DEFAULTS.withLease(leaseTime).withBatchSeconds(batchSeconds);
    } catch (IllegalArgumentException e) {
      throw new UserError("--lease/--batch-seconds: " + e.getMessage());
    }
    KeyRing keys = KeyRing.load(keyFile, "--key-file");
    List<CentralLimit> limits = readCustomers(customers);
    if (limits.isEmpty()) {
      throw new InputException(customers.toString(), "", "no customer in the file");
    }
    List<CentralKeyLimit> keyLimits = readKeyLimits(customers);
    DaemonLifecycle.run(
        "alm drl token-server",
        () -> TokenServerDaemon.start(at, keys, limits, keyLimits, settings, adminAt, null),
        d -> started(out, d, limits.size(), settings),
        runTime,
        System.err::println);
    return 0;
  }

  private static void started(
      PrintWriter out, TokenServerDaemon d, int customers, TokenServerSettings s) {
    InetSocketAddress a = d.address();
    InetSocketAddress admin = d.adminAddress();
    out.printf(
        "alm drl token-server: %d customer(s) on %s:%d (udp), lease %d ms, batch %.3f s%s%n",
        customers,
        a.getAddress().getHostAddress(),
        a.getPort(),
        s.lease().toMillis(),
        s.batchSeconds(),
        admin == null ? "" : ", admin on " + admin.getHostString() + ":" + admin.getPort());
    out.flush();
  }

  /**
   * The customers: the proxies' customers file ({@code {"customers": [...]}},
   * docs/ratelimit/enforcement.md, "Customers"), whose customers in mode {@code central} the server
   * holds at their requests/s limit with {@code burstSeconds} of it as burst; or this command's own
   * array of {@code name}, {@code limit}, {@code burst}.
   */
  public static List<CentralLimit> readCustomers(Path file) throws InputException {
    JsonNode root;
    try {
      root = JsonFields.strictMapper().readTree(Files.readString(file));
    } catch (IOException e) {
      return CentralCustomersJson.read(file); // reports the file's problem in its own words
    }
    if (root == null || !root.isObject()) {
      return CentralCustomersJson.read(file);
    }
    List<CentralLimit> out = new ArrayList<>();
    for (CustomerSpec c : CustomersJson.readFile(file)) {
      if (c.mode() == LimitMode.CENTRAL) {
        out.add(new CentralLimit(c.name(), c.limit(), Math.max(1, c.limit() * c.burstSeconds())));
      }
    }
    if (out.isEmpty()) {
      throw new InputException(file.toString(), "customers", "no customer in mode central");
    }
    return List.copyOf(out);
  }

  /**
   * The per-key limits of a customers file: those of the JSON array form ({@code "keys"} of a
   * customer); none for the proxies' customers file.
   */
  public static List<CentralKeyLimit> readKeyLimits(Path file) throws InputException {
    try {
      JsonNode root = JsonFields.strictMapper().readTree(Files.readString(file));
      if (root != null && root.isObject()) {
        return List.of();
      }
    } catch (IOException e) {
      // read again below, to report the file's problem in its own words
    }
    return CentralCustomersJson.readAll(file).keys();
  }

  private static HostPort hostPort(String flag, String text) throws InputException {
    return ConfigFlags.parse(flag, text, HostPort::parse);
  }
}
