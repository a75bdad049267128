package dev.alm.drl.agent;

import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.ratelimit.keys.KeyStateFile;
import dev.alm.ratelimit.keys.KeyedAccounting;
import dev.alm.ratelimit.keys.KeyedFaults;
import dev.alm.ratelimit.keys.KeyedLimiter;
import dev.alm.ratelimit.keys.KeyedResult;
import dev.alm.ratelimit.keys.KeyedScenario;
import dev.alm.ratelimit.keys.KeyedSimulation;
import dev.alm.ratelimit.keys.KeyedWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * A keyed scenario live (docs/ratelimit/keys.md): N agents on loopback, each sharing one customer's
 * keys through signed UDP ({@link KeySharing}), and the scenario's requests decided as they fall
 * due on the wall clock, at the PoP the {@link KeyedWorkload} sends them to, by that PoP's {@link
 * KeyedLimiter}, measured by the same {@link KeyedAccounting} as {@link KeyedSimulation}. Windows
 * are the wall clock's: the first, partial one is the cold start.
 */
public final class KeyedLiveRun {

  /** The customer's name in the run. */
  static final String CUSTOMER = "keys";

  private KeyedLiveRun() {}

  /**
   * Runs {@code sc} live for its duration; {@code progress} (may be null) hears the seconds run.
   */
  public static KeyedResult run(KeyedScenario sc, KeyedSimulation.Progress progress)
      throws Exception {
    int n = sc.pops();
    KeyedWorkload work = new KeyedWorkload(sc);
    long limit = work.limit();
    KeyedLimiter[] tables = new KeyedLimiter[n];
    for (int i = 0; i < n; i++) {
      tables[i] = new KeyedLimiter(sc.window(), sc.sharing());
    }
    KeyedFaults faults = sc.faults();
    Path stateDir = Files.createTempDirectory("alm-keyed-live");
    Path stateFile = stateDir.resolve("pop0.keys");
    KeyRing keys = KeyRing.ofText("keyed-live-" + sc.seed() + "-0123456789abcdef");
    AgentSettings base = AgentSettings.builder(0, n).build();
    long wallStart = System.nanoTime();
    try {
      return run(sc, work, tables, keys, base, stateFile, progress, wallStart);
    } finally {
      Files.deleteIfExists(stateFile);
      Files.deleteIfExists(stateDir);
    }
  }

  private static KeyedResult run(
      KeyedScenario sc,
      KeyedWorkload work,
      KeyedLimiter[] tables,
      KeyRing keys,
      AgentSettings base,
      Path stateFile,
      KeyedSimulation.Progress progress,
      long wallStart)
      throws Exception {
    long limit = work.limit();
    KeyedFaults faults = sc.faults();
    try (AgentFleet fleet =
        new AgentFleet(
            sc.pops(),
            base::withId,
            i -> limits(tables, i),
            keys,
            AgentFleet.MembershipKind.STATIC,
            1,
            Clocks.SYSTEM)) {
      long start = System.currentTimeMillis();
      long end = start + (long) (sc.duration() * 1000);
      long roamAt = start + (long) (sc.roamAt() * 1000);
      long w = sc.window().millis();
      long windowEnd = (start / w + 1) * w;
      KeyedAccounting counts = new KeyedAccounting(work, roamAt);
      SplittableRandom rnd = new SplittableRandom(sc.seed());
      IntSupplier zipf = work.sampler();
      double gap = 1000.0 / sc.requestsPerSecond();
      double t = start;
      long reported = start;
      long nextSave = start + faults.saveMillis();
      boolean restarted = faults.restartAt() < 0;
      boolean cut = false;
      long sentBefore = 0;
      while (true) {
        t += -Math.log(1 - rnd.nextDouble()) * gap;
        long due = (long) t;
        if (due >= end) {
          break;
        }
        long now = System.currentTimeMillis();
        if (due > now) {
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(due - now));
          now = System.currentTimeMillis();
        }
        // a request is decided, and counted, at the time it is decided, on the clock the agents'
        // rounds read: late requests (a busy machine) fall in the window they are decided in
        while (now >= windowEnd) {
          counts.closeWindow(windowEnd - w);
          windowEnd += w;
        }
        if (!restarted && now >= nextSave) {
          nextSave += faults.saveMillis();
          KeyStateFile.save(stateFile, tables[0], now);
        }
        if (!restarted && now - start >= faults.restartAt() * 1000) {
          restarted = true;
          sentBefore += restart(fleet, tables, stateFile, now);
        }
        if (cut != faults.cutOff(now - start)) {
          cut = !cut;
          partition(fleet, cut);
        }
        int k = zipf.getAsInt();
        int pop = work.popOf(k, now >= roamAt, rnd);
        counts.request(k, tables[pop].admit(work.keyHash(k), limit, now) >= 0);
        if (progress != null && due - reported >= 10_000) {
          reported = due;
          progress.at((due - start) / 1000.0, sc.duration());
        }
      }
      return result(fleet, tables, counts, sentBefore, start, wallStart);
    }
  }

  /** What the run measured, with the agents' sharing counters (PoP 0's before its restart too). */
  private static KeyedResult result(
      AgentFleet fleet,
      KeyedLimiter[] tables,
      KeyedAccounting counts,
      long sentBefore,
      long start,
      long wallStart) {
    long[] bytes = new long[tables.length];
    long[] messages = new long[2];
    for (int i = 0; i < tables.length; i++) {
      KeySharing s = fleet.agent(i).keySharing();
      bytes[i] = s.sentBytes() + (i == 0 ? sentBefore : 0);
      messages[0] += s.reportsSent();
      messages[1] += s.grantsSent();
    }
    return counts.result(
        bytes,
        (System.currentTimeMillis() - start) / 1000.0,
        messages[0],
        messages[1],
        tables,
        0,
        (System.nanoTime() - wallStart) / 1e9);
  }

  /**
   * PoP 0 restarts: its agent stops as a crashed process would, its table is read back from the
   * last state file, and a new agent (a new incarnation) starts in front of it. Returns the bytes
   * the stopped agent had sent.
   */
  private static long restart(AgentFleet fleet, KeyedLimiter[] tables, Path file, long now)
      throws Exception {
    long sent = fleet.agent(0).keySharing().sentBytes();
    fleet.crash(0);
    KeyedLimiter fresh = new KeyedLimiter(tables[0].window(), tables[0].settings());
    KeyStateFile.load(file, fresh, now);
    tables[0] = fresh;
    fleet.start(0);
    return sent;
  }

  /** PoP 0 cut off from every other PoP ({@code cut}), or joined again. */
  private static void partition(AgentFleet fleet, boolean cut) {
    for (int i = 0; i < fleet.size(); i++) {
      DrlAgent a = fleet.agent(i);
      if (a != null) {
        int self = i;
        a.filter(cut ? (peer, out) -> self != 0 && peer != 0 : GossipFilter.ALL);
      }
    }
  }

  /** A PoP with one keyed customer (its table now: a restart replaces it) and nothing else. */
  private static LocalLimits limits(KeyedLimiter[] tables, int i) {
    return new LocalLimits() {
      @Override
      public double demand(String customer, long nowNanos) {
        return 0;
      }

      @Override
      public void setShare(String customer, double rate, Mode mode) {}

      @Override
      public List<KeyedCustomer> keyedCustomers() {
        return List.of(new KeyedCustomer(CUSTOMER, tables[i]));
      }
    };
  }
}
