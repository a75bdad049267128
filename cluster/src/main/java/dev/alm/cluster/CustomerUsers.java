package dev.alm.cluster;

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
  private final HttpConnection[] proxies;
  private final CustomerWindows windows;
  private final long startNanos;
  private final long endNanos;
  private final SplittableRandom random;
  private final String path;

  CustomerUsers(
      CustomerLoad load,
      List<String> ids,
      List<InetSocketAddress> proxies,
      CustomerWindows windows,
      long startNanos,
      long endNanos,
      long seed) {
    this.load = load;
    this.ids = List.copyOf(ids);
    this.proxies = new HttpConnection[proxies.size()];
    for (int i = 0; i < proxies.size(); i++) {
      this.proxies[i] = new HttpConnection(proxies.get(i), 2000);
    }
    this.windows = windows;
    this.startNanos = startNanos;
    this.endNanos = endNanos;
    this.random = new SplittableRandom(seed);
    this.path = "/" + load.name();
  }

  @Override
  public void run() {
    try {
      long next = startNanos;
      while (!Thread.currentThread().isInterrupted()) {
        next += (long) (-Math.log(1 - random.nextDouble()) / load.demand() * 1e9);
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
        int pop = pick(seconds);
        if (pop < 0) {
          continue;
        }
        long sentAt = System.nanoTime();
        int status = proxies[pop].get(load.host(), path);
        windows.latency(System.nanoTime() - sentAt);
        windows.record(
            (int) Math.floor(seconds), pop, status >= 200 && status < 300, status == 429);
      }
    } finally {
      for (HttpConnection c : proxies) {
        c.close();
      }
    }
  }

  /** A PoP of the phase at {@code seconds}, in proportion to its demand; -1 when none sends. */
  private int pick(double seconds) {
    double u = random.nextDouble() * load.demand();
    int last = -1;
    for (int i = 0; i < ids.size(); i++) {
      double d = load.demandAt(ids.get(i), seconds, ids);
      if (d > 0) {
        last = i;
        u -= d;
        if (u < 0) {
          return i;
        }
      }
    }
    return last;
  }
}
