package dev.alm.app.drl;

import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.KeyDecider;
import dev.alm.ratelimit.keys.KeyedScenario;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;

/**
 * The settings of one {@code alm drl keys-central} run, the same whichever central store decides:
 * the scenario's keys and limit, the customer, the load and the outage.
 *
 * @param outage seconds after the warm-up the store goes down and comes back, or -1 and -1
 */
record KeysCentralLoad(
    KeyedScenario sc,
    long limit,
    String customer,
    double offered,
    double warmup,
    double duration,
    int concurrency,
    long timeoutMs,
    FailurePolicy policy,
    double[] outage) {

  /** The keys' hashes, as in the simulation of the same scenario. */
  long[] hashes() {
    long[] hashes = new long[sc.keys()];
    for (int k = 0; k < hashes.length; k++) {
      hashes[k] = KeysCentralReport.keyHash(k, sc.seed());
    }
    return hashes;
  }

  /** A run of the scenario's key stream, each request decided by {@code store}. */
  KeysCentralRun run(KeyDecider store) {
    ZipfDistribution zipf = new ZipfDistribution(new Well19937c(sc.seed()), sc.keys(), sc.zipf());
    long maxRequests = (long) Math.ceil(offered * (warmup + duration));
    return new KeysCentralRun(
        store, sc.window(), limit, hashes(), () -> zipf.sample() - 1, maxRequests);
  }

  /** Runs the load of {@code r}; {@code everySecond} as {@link KeysCentralRun#run}. */
  void load(KeysCentralRun r, IntConsumer everySecond) throws InterruptedException {
    r.run(offered, warmup, duration, concurrency, timeoutMs, outage[0], outage[1], everySecond);
  }

  /** Whether an outage is asked for. */
  boolean hasOutage() {
    return outage[0] >= 0;
  }

  /** A thread that runs {@code task} at {@code seconds} from now (daemon, started). */
  static Thread at(double seconds, String name, Runnable task) {
    long at = System.nanoTime() + (long) (seconds * 1e9);
    Thread t =
        new Thread(
            () -> {
              try {
                long wait = at - System.nanoTime();
                if (wait > 0) {
                  TimeUnit.NANOSECONDS.sleep(wait);
                }
                task.run();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return t;
  }
}
