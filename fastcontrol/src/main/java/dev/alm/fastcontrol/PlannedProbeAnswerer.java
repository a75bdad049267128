package dev.alm.fastcontrol;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleSupplier;

/**
 * The {@link ProbeAnswerer} of one PoP: answers each beacon query with a probe of category j with
 * probability r_ij / b_i (paper 004 eq. 19), where b_i is the beacon rate measured over a sliding
 * window, and with no probe otherwise. Over a control interval, PoP i's users then fetch probes of
 * category j at the rate r_ij.
 *
 * <p><b>Clipping.</b> When sum_j r_ij &gt; b_i the plan cannot be met: every beacon gets a probe,
 * and the categories share the beacons in proportion to r_ij, so every category is delivered at b_i
 * / sum_j r_ij of its plan. Such beacons are counted ({@link AnswererStats#clippedBeacons()}) and
 * the deliverable fraction is reported: the betas measured from a clipped plan are biased low, and
 * the deployment's gamma is too high for its beacon rate (see {@link ProbePlan#affordableGamma}).
 *
 * <p><b>Threads.</b> {@link #category(long)} runs on DNS event-loop threads: it never blocks and
 * never locks. The plan is an immutable table behind a volatile reference, so {@link #replacePlan}
 * may be called at any time from the control loop; a beacon sees either the old or the new plan
 * whole.
 */
public final class PlannedProbeAnswerer implements ProbeAnswerer {

  private record Table(ProbePlan plan, String[] categories, double[] cumulative, double total) {
    static Table of(ProbePlan plan) {
      List<String> cats = plan.categories();
      double[] r = plan.rates();
      double[] cum = new double[r.length];
      double s = 0;
      for (int k = 0; k < r.length; k++) {
        s += r[k];
        cum[k] = s;
      }
      return new Table(plan, cats.toArray(new String[0]), cum, s);
    }
  }

  private record RateCache(long epoch, double rate) {}

  private final SlidingWindowCounter beacons;
  private final DoubleSupplier random;
  private volatile Table table;
  private volatile String everyBeacon;
  private volatile RateCache rateCache = new RateCache(Long.MIN_VALUE, Double.NaN);
  private volatile double priorRate = Double.NaN;
  private final LongAdder probes = new LongAdder();
  private final LongAdder clipped = new LongAdder();
  private final LongAdder warmup = new LongAdder();

  /**
   * @param plan the first plan (often {@link ProbePlan#none})
   * @param config the beacon-rate window
   * @param startNanos the clock reading now
   * @param random uniform numbers in [0, 1); must be safe on the calling threads
   */
  public PlannedProbeAnswerer(
      ProbePlan plan, ProbeAnswererConfig config, long startNanos, DoubleSupplier random) {
    this.beacons =
        new SlidingWindowCounter(config.bucket().toNanos(), config.buckets(), startNanos);
    this.random = random;
    this.table = Table.of(plan);
  }

  /** An answerer drawing from {@link ThreadLocalRandom}. */
  public PlannedProbeAnswerer(ProbePlan plan, ProbeAnswererConfig config, long startNanos) {
    this(plan, config, startNanos, () -> ThreadLocalRandom.current().nextDouble());
  }

  /**
   * Sets the beacon rate to assume until the first bucket of the window completes (a restarted PoP
   * seeds the rate it measured before, so that it hands out probes from its first beacon rather
   * than after a bucket of silence, which every proxy would read as a drop of its beta). NaN: none.
   */
  public void seedBeaconRate(double rate) {
    this.priorRate = rate > 0 ? rate : Double.NaN;
  }

  /**
   * Answers every beacon from now on with a probe of {@code category}, whatever the plan (null:
   * back to the plan). Under price echoes (docs/fastcontrol.md, "Price echo") every probe handed
   * out is a sample of beta_i, whatever its category, so none is withheld.
   */
  public void answerEveryBeacon(String category) {
    this.everyBeacon = category;
  }

  /** Replaces the plan; beacons from now on use it. Safe from any thread. */
  public void replacePlan(ProbePlan plan) {
    this.table = Table.of(plan);
  }

  /** The plan in force. */
  public ProbePlan plan() {
    return table.plan();
  }

  @Override
  public String category(long nowNanos) {
    beacons.record(nowNanos);
    String every = everyBeacon;
    if (every != null) {
      probes.increment();
      return every;
    }
    Table t = table;
    if (t.total() <= 0) {
      return null;
    }
    double b = beaconRate(nowNanos);
    if (!(b > 0)) {
      warmup.increment();
      return null;
    }
    double scale = b;
    if (t.total() > b) {
      clipped.increment();
      scale = t.total();
    }
    double x = random.getAsDouble() * scale;
    if (x >= t.total()) {
      return null;
    }
    probes.increment();
    return t.categories()[pick(t.cumulative(), x)];
  }

  /** The first index whose cumulative weight exceeds {@code x} (the last if none does). */
  static int pick(double[] cum, double x) {
    int lo = 0;
    int hi = cum.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (x < cum[mid]) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /**
   * b_i: beacons per second over the last window of completed buckets; before the first bucket
   * completes, the seeded rate ({@link #seedBeaconRate}) or NaN.
   */
  public double beaconRate(long nowNanos) {
    long e = beacons.epoch(nowNanos);
    RateCache c = rateCache;
    if (c.epoch() != e) {
      c = new RateCache(e, beacons.window(nowNanos).rate());
      rateCache = c;
    }
    double r = c.rate();
    return Double.isNaN(r) ? priorRate : r;
  }

  /** Counters and the clip state at {@code nowNanos}. */
  public AnswererStats stats(long nowNanos) {
    double b = beaconRate(nowNanos);
    double planned = table.total();
    double deliverable = planned > 0 && b < planned ? (b > 0 ? b / planned : 0) : 1;
    return new AnswererStats(
        beacons.total(), probes.sum(), clipped.sum(), warmup.sum(), b, planned, deliverable);
  }
}
