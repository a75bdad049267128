package dev.alm.cluster;

import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.loop.LoopState;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.limit.CentralLimiter;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/** The drills of a cluster run (docs/cluster.md, "Drills"): a PoP restarted, a proxy killed. */
final class ClusterDrills {

  private ClusterDrills() {}

  /** Runs, in order, the {@code pending} drills due by {@code seconds} into {@code outcomes}. */
  static void due(
      ClusterConfig c,
      List<Drill> pending,
      double seconds,
      List<PopDaemon> pops,
      KeyRing keys,
      ClusterCustomers customers,
      CentralLimiter central,
      Consumer<String> log,
      List<DrillOutcome> outcomes)
      throws IOException, InterruptedException {
    while (!pending.isEmpty() && pending.get(0).atSeconds() <= seconds + 1e-9) {
      outcomes.add(drill(c, pending.remove(0), seconds, pops, keys, customers, central, log));
    }
  }

  /**
   * Runs a drill on PoP {@code d.pop()}: a restart closes its daemon and starts a new one on the
   * same addresses, which restores from the state file; a proxy kill closes its proxy only.
   */
  static DrillOutcome drill(
      ClusterConfig c,
      Drill d,
      double seconds,
      List<PopDaemon> pops,
      KeyRing keys,
      ClusterCustomers customers,
      CentralLimiter central,
      Consumer<String> log)
      throws IOException, InterruptedException {
    int i = c.topology().ids().indexOf(d.pop());
    PopDaemon p = pops.get(i);
    LoopState before = p.state();
    if (d.kind() == Drill.Kind.KILL_PROXY) {
      log.accept("drill at " + seconds + " s: killing the proxy of " + d.pop());
      p.killProxy();
      return new DrillOutcome(d, seconds, before.x(), before.mu(), before.x(), before.mu(), 0);
    }
    log.accept("drill at " + seconds + " s: restarting " + d.pop());
    InetSocketAddress dnsAt = p.dnsAddress();
    InetSocketAddress proxyAt = p.proxyAddress();
    long down = System.nanoTime();
    p.close();
    PopConfig again = ClusterPopConfig.of(c, i, dnsAt, proxyAt, keys, customers);
    PopDaemon restarted = null;
    for (int attempt = 0; restarted == null; attempt++) {
      try {
        restarted = PopDaemon.start(again, false, Clocks.SYSTEM, log, central);
      } catch (BindException e) {
        if (attempt >= 50) {
          throw e;
        }
        Thread.sleep(20); // the old sockets are still being released
      }
    }
    pops.set(i, restarted);
    LoopState after = restarted.state();
    return new DrillOutcome(
        d,
        seconds,
        before.x(),
        before.mu(),
        after.x(),
        after.mu(),
        (System.nanoTime() - down) / 1e6);
  }
}
