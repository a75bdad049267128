package dev.alm.app.drl;

import dev.alm.drl.central.CentralCounters;
import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.io.InputException;
import dev.alm.node.DaemonLifecycle;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl central-load}: a central baseline under a steady offered load with an outage of
 * the central store in the middle, to show what its failure policy does to the customer's served
 * rate (docs/ratelimit/central.md).
 */
@Command(
    name = "central-load",
    header =
        "A central baseline under load, with the store out for a while: served rate per second.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs --clients limiters of one kind (--mode redis: RedisLimiter against --redis; --mode",
      "token-server: lease clients of a token server in this process, over loopback UDP) for one",
      "customer limited to --limit units/s. Each client offers --offered / --clients calls/s of one",
      "unit, paced, without waiting for answers. During --outage A:B (seconds from the start) the",
      "store does not answer: Redis is paused (CLIENT PAUSE ... ALL, so calls time out), the token",
      "server is stopped (and started again on the same port at B). Prints per second the calls",
      "admitted, admitted / limit, and the answers the failure policy gave, then means before, during",
      "and after the outage. The first --warmup seconds of load (which spend the burst) are not shown."
    })
public final class CentralLoadCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--mode", defaultValue = "token-server", description = "redis or token-server.")
  String mode;

  @Option(names = "--redis", paramLabel = "URI", description = "Redis server (--mode redis).")
  String redis;

  @Option(names = "--clients", defaultValue = "3", description = "Limiters (PoPs). Default: 3.")
  int clients;

  @Option(names = "--limit", defaultValue = "1000", description = "L, units/s. Default: 1000.")
  double limit;

  @Option(
      names = "--offered",
      defaultValue = "2000",
      description = "Calls/s offered in total. Default: 2000.")
  double offered;

  @Option(names = "--duration", defaultValue = "12", description = "Seconds. Default: 12.")
  int seconds;

  @Option(
      names = "--warmup",
      defaultValue = "5",
      description =
          "Seconds of load before the figures start (spends the burst, warms the JVM). Default: 5.")
  int warmup;

  @Option(
      names = "--outage",
      paramLabel = "A:B",
      description = "Seconds from the start when the store stops and comes back. Default: none.")
  String outage;

  @Option(names = "--policy", defaultValue = "open", description = "open or closed. Default: open.")
  String policy;

  @Option(names = "--timeout", paramLabel = "MS", defaultValue = "50", description = "Default: 50.")
  int timeoutMs;

  @Option(
      names = "--lease",
      paramLabel = "DURATION",
      defaultValue = "500ms",
      description = "Token server lease. Default: 500ms.")
  String lease;

  @Override
  public Integer call() throws Exception {
    if (clients < 1 || clients > 64 || !(limit > 0) || !(offered > 0) || offered > 1e6) {
      throw new ParameterException(
          spec.commandLine(), "--clients in 1..64, --limit > 0, --offered in (0, 1e6]");
    }
    if (seconds < 1 || seconds > 3600 || timeoutMs < 1 || warmup < 0 || warmup > 600) {
      throw new ParameterException(
          spec.commandLine(), "--duration in 1..3600, --warmup in 0..600, --timeout >= 1");
    }
    int[] ab = outageSeconds();
    int a = ab[0];
    int b = ab[1];
    FailurePolicy fp;
    try {
      fp = FailurePolicy.parse(policy);
    } catch (IllegalArgumentException e) {
      throw new InputException("--policy", "", e.getMessage());
    }
    Duration leaseTime = DaemonLifecycle.duration("--lease", lease);
    Duration timeout = Duration.ofMillis(timeoutMs);
    String customer = "load";
    CentralLimit cl = CentralLimit.of(customer, limit);
    PrintWriter out = spec.commandLine().getOut();
    try (CentralLoadStores stores =
        switch (mode) {
          case "redis" -> {
            if (redis == null) {
              throw new InputException("--redis", "", "required with --mode redis");
            }
            yield CentralLoadStores.redis(redis, clients, cl, timeout, fp, (b - a) * 1000L);
          }
          case "token-server" -> CentralLoadStores.tokenServer(clients, cl, timeout, fp, leaseTime);
          default -> throw new InputException("--mode", "", "redis or token-server, not " + mode);
        }) {
      run(out, customer, stores, fp, a, b);
    }
    return 0;
  }

  /**
   * One thread per client, each offering its share of --offered as evenly spaced calls from {@code
   * first} to {@code end}; answers after {@code start} counted per second.
   */
  private List<Thread> clients(
      List<LimiterUnderTest> limiters,
      String customer,
      long first,
      long start,
      long end,
      AtomicLongArray answered,
      AtomicLongArray admitted) {
    double perClient = offered / limiters.size();
    long gap = (long) (1e9 / perClient);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < limiters.size(); i++) {
      LimiterUnderTest l = limiters.get(i);
      long offset = gap * i / limiters.size();
      Thread t =
          new Thread(
              () -> {
                long next = first + offset;
                while (next < end) {
                  long now = System.nanoTime();
                  if (next > now) {
                    LockSupport.parkNanos(next - now);
                  }
                  int sec = next < start ? -1 : (int) ((next - start) / 1_000_000_000L);
                  l.tryAcquire(customer, 1)
                      .thenAccept(
                          ok -> {
                            if (sec >= 0) {
                              answered.incrementAndGet(sec);
                              if (ok) {
                                admitted.incrementAndGet(sec);
                              }
                            }
                          });
                  next += gap;
                }
              },
              "alm-central-load-" + i);
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
    return threads;
  }

  /** The per-second table and the means before, during and after the store's outage. */
  private void printSeconds(
      PrintWriter out,
      AtomicLongArray answered,
      AtomicLongArray admitted,
      long[] policyAt,
      int a,
      int b) {
    double before = 0;
    double during = 0;
    double after = 0;
    int nb = 0;
    int nd = 0;
    int na = 0;
    for (int s = 0; s < seconds; s++) {
      double r = admitted.get(s) / limit;
      out.printf(
          Locale.ROOT,
          "  %4d %9d %9d %11.3f %14d%n",
          s,
          answered.get(s),
          admitted.get(s),
          r,
          policyAt[s]);
      if (a < 0 || s < a) {
        before += r;
        nb++;
      } else if (s < b) {
        during += r;
        nd++;
      } else if (s > b) {
        after += r;
        na++;
      }
    }
    out.printf(
        Locale.ROOT,
        "  admitted/L, mean over whole seconds after %d s of warm-up: before the outage %s, during"
            + " it %s, after it %s (the second the store returns left out)%n",
        warmup,
        nb == 0 ? "-" : String.format(Locale.ROOT, "%.3f", before / nb),
        nd == 0 ? "-" : String.format(Locale.ROOT, "%.3f", during / nd),
        na == 0 ? "-" : String.format(Locale.ROOT, "%.3f", after / na));
  }

  /**
   * Waits out the measured seconds, stopping the store at second {@code a} and resuming it at
   * {@code b}; returns the policy answers (failed open or closed) of each second.
   */
  private long[] everySecond(
      List<CentralCounters> counters, long start, int a, int b, Runnable stop, Runnable resume)
      throws InterruptedException {
    long[] policyAt = new long[seconds + 1];
    long lastPolicy = 0;
    for (CentralCounters c : counters) {
      lastPolicy += c.failedOpen() + c.failedClosed();
    }
    for (int s = 0; s < seconds; s++) {
      long at = start + (s + 1) * 1_000_000_000L;
      if (s == a) {
        stop.run();
      }
      if (s == b) {
        resume.run();
      }
      long now = System.nanoTime();
      if (at > now) {
        Thread.sleep((at - now) / 1_000_000, (int) ((at - now) % 1_000_000));
      }
      long p = 0;
      for (CentralCounters c : counters) {
        p += c.failedOpen() + c.failedClosed();
      }
      policyAt[s] = p - lastPolicy;
      lastPolicy = p;
    }
    return policyAt;
  }

  /** --outage as its two seconds, or -1 and -1 for none. */
  private int[] outageSeconds() throws InputException {
    int a = -1;
    int b = -1;
    if (outage != null) {
      String[] p = outage.split(":");
      try {
        a = Integer.parseInt(p[0]);
        b = Integer.parseInt(p[1]);
      } catch (RuntimeException e) {
        throw new InputException("--outage", "", "A:B in whole seconds, e.g. 4:8, not " + outage);
      }
      if (p.length != 2 || a < 0 || b <= a || b > seconds) {
        throw new InputException("--outage", "", "need 0 <= A < B <= --duration, got " + outage);
      }
    }
    return new int[] {a, b};
  }

  private void run(
      PrintWriter out, String customer, CentralLoadStores stores, FailurePolicy fp, int a, int b)
      throws InterruptedException {
    List<LimiterUnderTest> limiters = stores.limiters();
    List<CentralCounters> counters = stores.counters();
    Runnable stop = stores.stop();
    Runnable resume = stores.resume();
    AtomicLongArray admitted = new AtomicLongArray(seconds + 1);
    AtomicLongArray answered = new AtomicLongArray(seconds + 1);
    long first = System.nanoTime();
    long start = first + warmup * 1_000_000_000L;
    long end = start + seconds * 1_000_000_000L;
    List<Thread> threads = clients(limiters, customer, first, start, end, answered, admitted);
    out.printf(
        Locale.ROOT,
        "%s, %d clients, limit %.0f/s, offered %.0f/s, policy %s, timeout %d ms%s:%n",
        mode,
        limiters.size(),
        limit,
        offered,
        fp.label(),
        timeoutMs,
        a < 0 ? "" : ", store out from " + a + " s to " + b + " s");
    out.printf(
        Locale.ROOT,
        "  %4s %9s %9s %11s %14s%n",
        "t s",
        "answered",
        "admitted",
        "admitted/L",
        "policy answers");
    long toStart = start - System.nanoTime();
    if (toStart > 0) {
      Thread.sleep(toStart / 1_000_000, (int) (toStart % 1_000_000));
    }
    long[] policyAt = everySecond(counters, start, a, b, stop, resume);
    for (Thread t : threads) {
      t.join(10_000);
    }
    Thread.sleep(Math.max(200, 4L * timeoutMs)); // let the last answers and timeouts land
    printSeconds(out, answered, admitted, policyAt, a, b);
    long timeouts = 0;
    long errors = 0;
    long unavailable = 0;
    for (CentralCounters c : counters) {
      timeouts += c.timeouts();
      errors += c.errors();
      unavailable += c.unavailable();
    }
    out.printf(
        Locale.ROOT,
        "  policy answers by cause, warm-up included: %d timeouts, %d errors, %d at once while"
            + " the store was known to be out%n",
        timeouts,
        errors,
        unavailable);
    out.flush();
  }
}
