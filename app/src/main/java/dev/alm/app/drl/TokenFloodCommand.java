package dev.alm.app.drl;

import dev.alm.app.UserError;
import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.LeaseCodec;
import dev.alm.drl.central.LeaseRefusal;
import dev.alm.drl.central.TokenFlood;
import dev.alm.drl.central.TokenServer;
import dev.alm.drl.central.TokenServerCore;
import dev.alm.drl.central.TokenServerSettings;
import dev.alm.io.KeyRing;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl token-flood}: a hostile measurement of the token server on loopback: forged
 * requests from one or many 127.0.0.x addresses while real lease clients ask
 * (docs/ratelimit/central.md, "A flood of forged requests").
 */
@Command(
    name = "token-flood",
    header = "Real lease asks under a flood of forged requests at a token server (loopback).",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Starts a token server on 127.0.0.1 (one customer, 10,000/s, batch 1 ms) and --clients lease",
      "clients asking --calls-per-second each, then floods it for --seconds with forged lease",
      "requests (well formed, signed with a wrong key) from --addresses source addresses",
      "(127.0.0.2 onwards), as fast as --threads threads can send, at most --max-forged in all.",
      "Prints the real asks, how many got no grant within the clients' 50 ms timeout, the calls",
      "answered by policy, the forged requests sent and the server's refusals by reason. Runs each",
      "--addresses value in turn after one second of warm-up."
    })
public final class TokenFloodCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--addresses",
      split = ",",
      defaultValue = "1,200",
      description = "Source addresses of the flood, one run each (0 to 250). Default: 1,200.")
  List<Integer> addresses;

  @Option(names = "--seconds", defaultValue = "4", description = "Length of each run. Default: 4.")
  double seconds;

  @Option(names = "--clients", defaultValue = "3", description = "Real lease clients. Default: 3.")
  int clients;

  @Option(
      names = "--calls-per-second",
      defaultValue = "300",
      description = "Calls per client per second, paced. Default: 300.")
  int callsPerSecond;

  @Option(names = "--threads", defaultValue = "1", description = "Flood threads. Default: 1.")
  int threads;

  @Option(
      names = "--max-forged",
      defaultValue = "20000000",
      description = "Most forged requests per run. Default: 20,000,000.")
  long maxForged;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    KeyRing keys = KeyRing.ofText(HexFormat.of().formatHex(key));
    Duration d = Duration.ofMillis(Math.round(seconds * 1000));
    try {
      once(keys, 1, Duration.ofSeconds(1), null);
      for (int a : addresses) {
        once(keys, a, d, out);
      }
    } catch (IllegalArgumentException e) {
      throw new UserError("alm drl token-flood: " + e.getMessage());
    }
    return 0;
  }

  private void once(KeyRing keys, int floodAddresses, Duration d, PrintWriter out)
      throws Exception {
    TokenServerCore core =
        new TokenServerCore(
            new LeaseCodec(keys),
            TokenServerSettings.DEFAULTS.withBatchSeconds(0.001),
            List.of(new CentralLimit("acme", 10_000, 10_000)),
            System.nanoTime());
    InetSocketAddress bind = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0);
    try (TokenServer server = TokenServer.start(core, bind)) {
      TokenFlood.Result r =
          new TokenFlood(
                  server.address(),
                  keys,
                  clients,
                  callsPerSecond,
                  floodAddresses,
                  threads,
                  d,
                  maxForged)
              .run();
      if (out == null) {
        return;
      }
      StringBuilder refused = new StringBuilder();
      for (LeaseRefusal x : LeaseRefusal.values()) {
        if (core.refused(x) > 0) {
          refused
              .append(refused.length() == 0 ? "" : ", ")
              .append(x.name().toLowerCase(Locale.ROOT))
              .append(' ')
              .append(core.refused(x));
        }
      }
      out.printf(
          Locale.ROOT,
          "flood from %d address(es): %s; server: %d requests granted, refused %s%n",
          floodAddresses,
          r,
          core.requests(),
          refused.length() == 0 ? "none" : refused);
      out.flush();
    }
  }
}
