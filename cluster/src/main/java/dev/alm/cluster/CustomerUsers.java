package dev.alm.cluster;

import dev.alm.loadgen.HttpConnection;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One customer's users, on one thread: requests arrive as a Poisson process at the customer's
 * demand, each from the users behind one of the PoPs of the current phase (chosen in proportion to
 * their demand), and go to that PoP's proxy with the customer's Host header. Every answer is
 * counted in its 1 s window: served (2xx), rejected (429) or neither (a failure or a 503 shed by
 * load control).
 */
final class CustomerUsers implements Runnable {

  private final CustomerLoad load;
  private final List<String> ids;
  private final int pop;
  private final double peak;
  private final HttpConnection proxy;
  private final CustomerWindows windows;
  private final long startNanos;
  private final long endNanos;
  private final SplittableRandom random;
  private final String path;

  CustomerUsers(
      CustomerLoad load,
      List<String> ids,
      int pop,
      InetSocketAddress proxy,
      CustomerWindows windows,
      long startNanos,
      long endNanos,
      long seed) {
    this.load = load;
    this.ids = List.copyOf(ids);
    this.pop = pop;
    double p = 0;
    for (CustomerLoad.Phase ph : load.phases()) {
      p = Math.max(p, load.demandAt(ids.get(pop), ph.at(), ids));
    }
    this.peak = p;
    this.proxy = new HttpConnection(proxy, 2000);
    this.windows = windows;
    this.startNanos = startNanos;
    this.endNanos = endNanos;
    this.random = new SplittableRandom(seed);
    this.path = "/" + load.name();
  }

  @Override
  public void run() {
    if (!(peak > 0)) {
      return;
    }
    String id = ids.get(pop);
    try {
      long next = startNanos;
      while (!Thread.currentThread().isInterrupted()) {
        next += (long) (-Math.log(1 - random.nextDouble()) / peak * 1e9);
        if (next >= endNanos) {
          return;
        }
        long now;
        while ((now = System.nanoTime()) < next) {
          LockSupport.parkNanos(next - now);
          if (Thread.currentThread().isInterrupted()) {
            return;
          }
        }
        double seconds = (next - startNanos) / 1e9;
        if (random.nextDouble() * peak >= load.demandAt(id, seconds, ids)) {
          continue; // thinned: this phase's rate here is below the peak
        }
        long sentAt = System.nanoTime();
        int status = proxy.get(load.host(), path);
        windows.latency(System.nanoTime() - sentAt);
        windows.record((int) Math.floor(seconds), pop, status);
      }
    } finally {
      proxy.close();
    }
  }
}
