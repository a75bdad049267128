package dev.alm.ratelimit.keys;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;

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

  private static final long SALT_POP = 0x51ED270B27AAB3C1L;
  private static final long SALT_MULTI = 0x2C1B3C6D8F0A1E55L;
  private static final long SALT_OTHER = 0x7A3D5E9F1B2C4D6EL;
  private static final long SALT_WEIGHT = 0x1F2E3D4C5B6A7988L;
  private static final long SALT_ROAM = 0x6E5D4C3B2A190817L;

  /** Called now and then with the simulated time. */
  @FunctionalInterface
  public interface Progress {
    void at(double seconds, double duration);
  }

  private record Message(long at, int to, int from, KeyReport report, KeyGrant grant) {}

  /** A growable list of doubles. */
  private static final class Values {
    double[] v = new double[1024];
    int n;

    void add(double x) {
      if (n == v.length) {
        v = Arrays.copyOf(v, n * 2);
      }
      v[n++] = x;
    }
  }

  private final KeyedScenario sc;
  private final long limit;
  private final long roamRanks;
  private final KeyedLimiter[] limiters;
  private final KeyHome[] homes;
  private final KeyHomes homeOf;
  private final ArrayDeque<Message> inFlight = new ArrayDeque<>();
  private final long[] bytes;
  private final int[][] payload;
  private final int[] demand;
  private final int[] admitted;
  private final Values first = new Values();
  private final Values over = new Values();
  private final Values overMulti = new Values();
  private final Values roamed = new Values();
  private final Values roamWindow = new Values();
  private long underKeys;
  private long underRefusedKeys;
  private long underRefused;
  private long reports;
  private long grants;
  private int windows;

  private KeyedSimulation(KeyedScenario sc) {
    this.sc = sc;
    this.limit = sc.effectiveLimit();
    this.roamRanks = Math.round(sc.overLimitShare() * sc.keys());
    int n = sc.pops();
    limiters = new KeyedLimiter[n];
    homes = new KeyHome[n];
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      limiters[i] = new KeyedLimiter(sc.window(), sc.sharing());
      homes[i] = new KeyHome(sc.sharing());
      names.add(String.format("pop%02d", i));
    }
    homeOf = new KeyHomes(names);
    bytes = new long[n];
    payload = new int[n][n];
    demand = new int[sc.keys()];
    admitted = new int[sc.keys()];
  }

  /** Runs {@code sc}; {@code progress} may be null. */
  public static KeyedResult run(KeyedScenario sc, Progress progress) {
    return new KeyedSimulation(sc).run(progress);
  }

  private KeyedResult run(Progress progress) {
    long start = System.nanoTime();
    SplittableRandom rnd = new SplittableRandom(sc.seed());
    ZipfDistribution zipf = new ZipfDistribution(new Well19937c(sc.seed()), sc.keys(), sc.zipf());
    long w = sc.window().millis();
    long round = sc.sharing().roundMillis();
    long durationMillis = (long) (sc.duration() * 1000);
    long roamAt = (long) (sc.roamAt() * 1000);
    double meanGapMillis = 1000.0 / sc.requestsPerSecond();
    double t = 0;
    long nextRound = round;
    long windowEnd = w;
    long requests = 0;
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
        closeWindow(windowEnd - w, roamAt);
        windowEnd += w;
      }
      if (now >= durationMillis) {
        break;
      }
      deliver(now);
      int k = zipf.sample() - 1;
      int pop = popOf(k, now >= roamAt, rnd);
      demand[k]++;
      if (limiters[pop].admit(keyHash(k), limit, now) >= 0) {
        admitted[k]++;
      }
      requests++;
      if (progress != null && now >= nextProgress) {
        progress.at(now / 1000.0, sc.duration());
        nextProgress += 10_000;
      }
    }
    return result(requests, (System.nanoTime() - start) / 1e9);
  }

  /** The hash a key is known by. */
  long keyHash(int k) {
    return KeyHomes.mix(k * 0x9E3779B97F4A7C15L + sc.seed());
  }

  private boolean multi(long h) {
    return unit(h ^ SALT_MULTI) < sc.multiPopShare();
  }

  private boolean roams(int k, long h) {
    return k < roamRanks && unit(h ^ SALT_ROAM) < sc.roamShare();
  }

  private static double unit(long h) {
    return (KeyHomes.mix(h) >>> 11) * 0x1.0p-53;
  }

  /** The PoP a request of key {@code k} arrives at. */
  private int popOf(int k, boolean afterRoam, SplittableRandom rnd) {
    int n = sc.pops();
    long h = keyHash(k);
    int primary = (int) Long.remainderUnsigned(KeyHomes.mix(h ^ SALT_POP), n);
    if (afterRoam && roams(k, h)) {
      primary =
          (primary + 1 + (int) Long.remainderUnsigned(KeyHomes.mix(h ^ SALT_ROAM), n - 1)) % n;
    }
    if (n == 1 || !multi(h)) {
      return primary;
    }
    double weight = 0.2 + 0.6 * unit(h ^ SALT_WEIGHT);
    if (rnd.nextDouble() < weight) {
      return primary;
    }
    int step = 1 + (int) Long.remainderUnsigned(KeyHomes.mix(h ^ SALT_OTHER), n - 1);
    int other = 1 + rnd.nextInt(sc.multiPops() - 1);
    return (int) ((primary + (long) step * other) % n);
  }

  private void deliver(long now) {
    while (!inFlight.isEmpty() && inFlight.peekFirst().at() <= now) {
      Message m = inFlight.pollFirst();
      if (m.report() != null) {
        homes[m.to()].receive(m.from(), m.report(), now);
      } else {
        limiters[m.to()].grant(m.grant(), now);
      }
    }
  }

  private void round(long now) {
    int n = sc.pops();
    long at = now + sc.latencyMillis();
    for (int p = 0; p < n; p++) {
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
      for (KeyHome.Addressed a : homes[p].round(now)) {
        if (a.pop() == p) {
          limiters[p].grant(a.grant(), now);
        } else {
          inFlight.addLast(new Message(at, a.pop(), p, null, a.grant()));
          payload[p][a.pop()] += KeyWire.size(a.grant());
          grants++;
        }
      }
    }
    for (int p = 0; p < n; p++) {
      for (int q = 0; q < n; q++) {
        int b = payload[p][q];
        if (b > 0) {
          bytes[p] +=
              b + (long) DATAGRAM_OVERHEAD * ((b + DATAGRAM_PAYLOAD - 1) / DATAGRAM_PAYLOAD);
          payload[p][q] = 0;
        }
      }
    }
  }

  private void closeWindow(long windowStart, long roamAt) {
    windows++;
    boolean roamIn = roamAt >= windowStart && roamAt < windowStart + sc.window().millis();
    boolean afterRoam = windowStart >= roamAt + 2_000;
    for (int k = 0; k < demand.length; k++) {
      int d = demand[k];
      if (d == 0) {
        continue;
      }
      long h = keyHash(k);
      if (d >= limit && windows == 1) {
        first.add(admitted[k] / (double) limit);
      } else if (d >= limit) {
        double ratio = admitted[k] / (double) limit;
        over.add(ratio);
        if (multi(h)) {
          overMulti.add(ratio);
        }
        if (roams(k, h) && roamIn) {
          roamWindow.add(ratio);
        } else if (roams(k, h) && afterRoam) {
          roamed.add(ratio);
        }
      } else {
        underKeys++;
        if (admitted[k] < d) {
          underRefusedKeys++;
          underRefused += d - admitted[k];
        }
      }
    }
    Arrays.fill(demand, 0);
    Arrays.fill(admitted, 0);
  }

  private KeyedResult result(long requests, double wall) {
    double seconds = sc.duration();
    double sum = 0;
    double max = 0;
    for (long b : bytes) {
      sum += b / seconds;
      max = Math.max(max, b / seconds);
    }
    long held = 0;
    long forgotten = 0;
    long stale = 0;
    long refused = 0;
    for (int p = 0; p < sc.pops(); p++) {
      held = Math.max(held, limiters[p].keys());
      forgotten += limiters[p].forgotten();
      stale += limiters[p].staleGrants();
      refused += homes[p].refused();
    }
    return new KeyedResult(
        limit,
        windows,
        requests,
        KeyedResult.Ratios.of(first.v, first.n),
        KeyedResult.Ratios.of(over.v, over.n),
        KeyedResult.Ratios.of(overMulti.v, overMulti.n),
        KeyedResult.Ratios.of(roamed.v, roamed.n),
        KeyedResult.Ratios.of(roamWindow.v, roamWindow.n),
        underKeys,
        underRefusedKeys,
        underRefused,
        sum / sc.pops(),
        max,
        reports,
        grants,
        held,
        forgotten,
        stale,
        refused,
        wall);
  }
}
