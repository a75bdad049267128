package dev.alm.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Link loss without netem: on kernels without {@code sch_netem} (and without tc actions), an
 * nftables rule in the link end's namespace drops each packet leaving the interface with the link's
 * loss probability ({@code numgen random}), as netem's loss does at each end. One table {@code
 * alm_lab} per namespace, one postrouting chain per interface (forwarded and local packets alike),
 * flushed and refilled when a drill changes the loss. Delay has no such substitute.
 */
final class NftLoss {

  /** numgen's range: loss is applied in steps of 1e-4 percent. */
  static final long RANGE = 1_000_000;

  private NftLoss() {}

  /** The chain of an interface: its name with {@code -} as {@code _}. */
  static String chain(String dev) {
    return "loss_" + dev.replace('-', '_');
  }

  /** The threshold below which numgen's draw drops a packet, for {@code lossPercent}. */
  static long threshold(double lossPercent) {
    return Math.round(Math.max(0, Math.min(100, lossPercent)) / 100 * RANGE);
  }

  /**
   * The nft commands (each one argument list after {@code nft}) that set the loss of {@code dev}.
   */
  static List<List<String>> commands(String dev, double lossPercent) {
    String c = chain(dev);
    List<List<String>> out =
        new ArrayList<>(
            List.of(
                List.of("add", "table", "inet", "alm_lab"),
                List.of(
                    "add",
                    "chain",
                    "inet",
                    "alm_lab",
                    c,
                    "{ type filter hook postrouting priority 0; policy accept; }"),
                List.of("flush", "chain", "inet", "alm_lab", c)));
    long t = threshold(lossPercent);
    if (t >= RANGE) {
      out.add(List.of("add", "rule", "inet", "alm_lab", c, "oifname", dev, "drop"));
    } else if (t > 0) {
      out.add(
          List.of(
              "add",
              "rule",
              "inet",
              "alm_lab",
              c,
              "oifname",
              dev,
              "numgen",
              "random",
              "mod",
              Long.toString(RANGE),
              "<",
              Long.toString(t),
              "drop"));
    }
    return out;
  }

  /**
   * Sets the loss of {@code dev} in namespace {@code ns}.
   *
   * @return null when set, else the first line of what nft said
   */
  static String apply(String ns, String dev, double lossPercent) {
    for (List<String> args : commands(dev, lossPercent)) {
      List<String> cmd = new ArrayList<>(List.of("nft"));
      cmd.addAll(args);
      Shell.Result r = Shell.run(Shell.inNamespace(ns, cmd), 10_000);
      if (!r.ok()) {
        return r.output().lines().findFirst().orElse("exit " + r.exit()).toLowerCase(Locale.ROOT);
      }
    }
    return null;
  }
}
