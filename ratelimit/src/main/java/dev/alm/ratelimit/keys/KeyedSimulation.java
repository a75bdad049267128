package dev.alm.ratelimit.keys;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;

/**
 * Simulates a keyed workload ({@link KeyedScenario}) over N PoPs that share per-key limits as the
 * live PoPs do: the same {@link KeyedLimiter} at every PoP, the same {@link KeyHome} per home, the
 * same {@link KeyHomes}, with messages delayed by the scenario's latency and counted in bytes
 * ({@link KeyWire}'s entries, plus a 48-byte header and signature per datagram of at most 1,200
 * bytes). Requests are a Poisson process over all keys; each is decided at its PoP when it arrives.
 * Deterministic for a seed.
 */
public final class KeyedSimulation {

  /** Bytes of a datagram's header and signature. */
  static final int DATAGRAM_OVERHEAD = 48;

  /** Payload of one datagram. */
  static final int DATAGRAM_PAYLOAD = 1200;

  /** Called now and then with the simulated time. */
  @FunctionalInterface
  public interface Progress {
    void at(double seconds, double duration);
  }

  private record Message(long at, int to, int from, KeyReport report, KeyGrant grant) {}

  private final KeyedScenario sc;
  private final KeyedWorkload work;
  private final KeyedAccounting counts;
  private final long limit;
  private final KeyedLimiter[] limiters;
  private final KeyHome[] homes;
  private final PeerLiveness[] heard;
  private final long[][] lastSent;
  private final KeyHomes homeOf;
  private final ArrayDeque<Message> inFlight = new ArrayDeque<>();
  private final long[] bytes;
  private final int[][] payload;
  private long reports;
  private long grants;
  private final KeyedFaults faults;
  private long nextSave;
  private boolean restarted;
  private long savedWindow = Long.MIN_VALUE;
  private final List<long[]> saved = new ArrayList<>();

  private KeyedSimulation(KeyedScenario sc) {
    this.sc = sc;
    this.work = new KeyedWorkload(sc);
    this.counts = new KeyedAccounting(work, (long) (sc.roamAt() * 1000));
    this.limit = work.limit();
    this.faults = sc.faults();
    this.nextSave = faults.saveMillis();
    int n = sc.pops();
    limiters = new KeyedLimiter[n];
    homes = new KeyHome[n];
    heard = new PeerLiveness[n];
    lastSent = new long[n][n];
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      limiters[i] = new KeyedLimiter(sc.window(), sc.sharing());
      homes[i] = new KeyHome(sc.sharing());
      heard[i] = PeerLiveness.of(n, i, sc.sharing(), 0);
      names.add(String.format("pop%02d", i));
    }
    homeOf = new KeyHomes(names);
    bytes = new long[n];
    payload = new int[n][n];
  }

  /** Runs {@code sc}; {@code progress} may be null. */
  public static KeyedResult run(KeyedScenario sc, Progress progress) {
    return new KeyedSimulation(sc).run(progress);
  }

  private KeyedResult run(Progress progress) {
    long start = System.nanoTime();
    SplittableRandom rnd = new SplittableRandom(sc.seed());
    IntSupplier zipf = work.sampler();
    long w = sc.window().millis();
    long round = sc.sharing().roundMillis();
    long durationMillis = (long) (sc.duration() * 1000);
    long roamAt = (long) (sc.roamAt() * 1000);
    double meanGapMillis = 1000.0 / sc.requestsPerSecond();
    double t = 0;
    long nextRound = round;
    long windowEnd = w;
    long nextProgress = 10_000;
    while (true) {
      t += -Math.log(1 - rnd.nextDouble()) * meanGapMillis;
      long now = (long) t;
      while (nextRound <= now && nextRound <= durationMillis) {
        deliver(nextRound);
        round(nextRound);
        nextRound += round;
      }
      if (now >= windowEnd) {
        counts.closeWindow(windowEnd - w);
        windowEnd += w;
      }
      if (now >= durationMillis) {
        break;
      }
      deliver(now);
      int k = zipf.getAsInt();
      int pop = work.popOf(k, now >= roamAt, rnd);
      counts.request(k, limiters[pop].admit(work.keyHash(k), limit, now) >= 0);
      if (progress != null && now >= nextProgress) {
        progress.at(now / 1000.0, sc.duration());
        nextProgress += 10_000;
      }
    }
    return result((System.nanoTime() - start) / 1e9);
  }

  private void deliver(long now) {
    while (!inFlight.isEmpty() && inFlight.peekFirst().at() <= now) {
      Message m = inFlight.pollFirst();
      if (faults.cutOff(m.at()) && (m.to() == 0 || m.from() == 0)) {
        continue;
      }
      heard[m.to()].heard(m.from(), now);
      if (m.report() != null) {
        homes[m.to()].receive(m.from(), m.report(), now);
      } else if (m.grant() != null) {
        limiters[m.to()].grant(m.grant(), now);
      }
    }
  }

  /**
   * PoP 0's state file, written every {@link KeyedFaults#saveMillis}, and its restart: a new table
   * that takes the last file's counts when it was written in the same window, and a new home.
   */
  private void restartIfDue(long now) {
    if (faults.restartAt() < 0 || restarted) {
      return;
    }
    if (now >= faults.restartAt() * 1000) {
      restarted = true;
      limiters[0] = new KeyedLimiter(sc.window(), sc.sharing());
      homes[0] = new KeyHome(sc.sharing());
      heard[0] = PeerLiveness.of(sc.pops(), 0, sc.sharing(), now);
      // the others see PoP 0's new incarnation at its first datagram, and report again the keys
      // it was home for
      for (int p = 1; p < sc.pops(); p++) {
        limiters[p].reportAgain(key -> homeOf.home(key) == 0, now);
      }
      if (savedWindow == sc.window().id(now)) {
        for (long[] e : saved) {
          limiters[0].restore(e[0], (int) e[1], (int) e[2], e[3] != 0, now);
        }
      }
    } else if (now >= nextSave) {
      nextSave += faults.saveMillis();
      saved.clear();
      savedWindow = sc.window().id(now);
      limiters[0].eachCounted(
          now,
          (key, count, arrivals, shared) ->
              saved.add(new long[] {key, count, arrivals, shared ? 1 : 0}));
    }
  }

  private void round(long now) {
    restartIfDue(now);
    int n = sc.pops();
    long at = now + sc.latencyMillis();
    for (int p = 0; p < n; p++) {
      limiters[p].forget();
      for (KeyReport r : limiters[p].reports(now)) {
        int h = homeOf.home(r.key());
        if (h == p) {
          homes[p].receive(p, r, now);
        } else {
          inFlight.addLast(new Message(at, h, p, r, null));
          payload[p][h] += KeyWire.size(r);
          reports++;
        }
      }
    }
    for (int p = 0; p < n; p++) {
      for (KeyHome.Addressed a : homes[p].round(now, heard[p].silentAt(now))) {
        if (a.pop() == p) {
          limiters[p].grant(a.grant(), now);
        } else {
          inFlight.addLast(new Message(at, a.pop(), p, null, a.grant()));
          payload[p][a.pop()] += KeyWire.size(a.grant());
          grants++;
        }
      }
    }
    send(now, at);
  }

  /**
   * Counts the round's datagrams, and sends a heartbeat (an empty datagram) to each PoP that got
   * nothing from its sender for {@link PeerLiveness#HEARTBEAT_ROUNDS} rounds.
   */
  private void send(long now, long at) {
    int n = sc.pops();
    long heartbeat = PeerLiveness.HEARTBEAT_ROUNDS * sc.sharing().roundMillis();
    for (int p = 0; p < n; p++) {
      for (int q = 0; q < n; q++) {
        int b = payload[p][q];
        if (b > 0) {
          bytes[p] +=
              b + (long) DATAGRAM_OVERHEAD * ((b + DATAGRAM_PAYLOAD - 1) / DATAGRAM_PAYLOAD);
          payload[p][q] = 0;
          lastSent[p][q] = now;
        } else if (p != q && now - lastSent[p][q] >= heartbeat) {
          bytes[p] += DATAGRAM_OVERHEAD;
          inFlight.addLast(new Message(at, q, p, null, null));
          lastSent[p][q] = now;
        }
      }
    }
  }

  private KeyedResult result(double wall) {
    long refused = 0;
    for (KeyHome h : homes) {
      refused += h.refused();
    }
    return counts.result(bytes, sc.duration(), reports, grants, limiters, refused, wall);
  }
}
