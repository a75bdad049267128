package dev.alm.lab;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Runs one {@link LabDrill} against a built lab and measures BGP's reaction: for a withdraw or an
 * announce, the time until every router's best route to the HTTP anycast prefix has stopped (or
 * started) originating in the PoP's AS, read through {@code birdc} every 20 ms.
 */
final class DrillRunner {
  private DrillRunner() {}

  static LabRun.DrillEvent run(
      LabNetwork net, LabTopology t, LabDrill d, long start, Consumer<String> log) {
    double at = (System.currentTimeMillis() - start) / 1000.0;
    log.accept("lab: drill " + d.label());
    long t0 = System.nanoTime();
    double bgp = Double.NaN;
    try {
      switch (d.kind()) {
        case WITHDRAW -> {
          net.withdraw(d.target(), true);
          bgp = awaitOrigin(net, t, t.as(d.target()), false, t0);
        }
        case ANNOUNCE -> {
          net.withdraw(d.target(), false);
          bgp = awaitOrigin(net, t, t.as(d.target()), true, t0);
        }
        case PREPEND -> net.prepend(d.target(), d.prepend());
        case LINK_DOWN -> {
          String[] ab = d.target().split("-", 2);
          net.linkDown(ab[0], ab[1], true);
        }
        case NETEM -> {
          String[] ab = d.target().split("-", 2);
          LabPlan.Veth v = net.plan().veth(ab[0], ab[1]);
          net.netem(v.nsA(), v.ifA(), d.delayMs(), d.lossPercent());
          net.netem(v.nsB(), v.ifB(), d.delayMs(), d.lossPercent());
        }
      }
    } catch (RuntimeException | IOException e) {
      log.accept("lab: drill " + d.label() + " failed: " + e.getMessage());
    }
    if (!Double.isNaN(bgp)) {
      log.accept(String.format(Locale.ROOT, "lab: %s: BGP converged in %.3f s", d.label(), bgp));
    }
    return new LabRun.DrillEvent(d, at, bgp);
  }

  /**
   * Seconds (from {@code t0}) until every router's best route to the HTTP anycast prefix does
   * ({@code present}) or does not originate in AS {@code as}; NaN after 30 s.
   */
  private static double awaitOrigin(
      LabNetwork net, LabTopology t, int as, boolean present, long t0) {
    long deadline = t0 + 30_000_000_000L;
    while (System.nanoTime() < deadline) {
      boolean done = true;
      boolean any = false;
      for (LabTopology.Router r : t.routers()) {
        Integer origin = bestOrigin(net, r.id());
        any |= origin != null && origin == as;
        if (!present && origin != null && origin == as) {
          done = false;
          break;
        }
      }
      if (present ? any : done) {
        return (System.nanoTime() - t0) / 1e9;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Double.NaN;
      }
    }
    return Double.NaN;
  }

  /** The origin AS of a router's best route to the HTTP anycast prefix, or null. */
  static Integer bestOrigin(LabNetwork net, String router) {
    Shell.Result r =
        Shell.run(
            List.of(
                "birdc",
                "-s",
                net.socket(router).toString(),
                "show",
                "route",
                LabPlan.HTTP_PREFIX,
                "primary",
                "all"),
            5_000);
    for (String line : r.output().lines().toList()) {
      String l = line.trim();
      if (l.startsWith("BGP.as_path:")) {
        String[] as = l.substring("BGP.as_path:".length()).trim().split("\\s+");
        try {
          return Integer.parseInt(as[as.length - 1]);
        } catch (NumberFormatException e) {
          return null;
        }
      }
    }
    return null;
  }
}
