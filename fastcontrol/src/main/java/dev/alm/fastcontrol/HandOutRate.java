package dev.alm.fastcontrol;

/**
 * The weight and hand-out rate a PoP signs into each probe it hands out ({@link ProbeSigner}): the
 * published kappa_i (weight times rate, {@link ProbeSigner#publishWeight}) over the rate at which
 * probes were handed out in the second before this one, and that rate; the published two while that
 * second holds fewer than {@link #MIN_COUNT} probes. The rate is counted in a {@link
 * SlidingWindowCounter} of {@link #BUCKETS} buckets of {@link #BUCKET_NANOS}, started at the first
 * hand-out. Thread-safe; time is an argument. The offline model ({@code loop.fleet.FleetModel})
 * signs its probes through one too.
 */
public final class HandOutRate {

  /** Buckets of the window the hand-out rate is counted over, and their length (100 ms). */
  public static final int BUCKETS = 10;

  public static final long BUCKET_NANOS = 100_000_000L;

  /** Hand-outs the window must hold before its rate is signed: below, its noise is above 30%. */
  public static final int MIN_COUNT = 10;

  /** What one probe carries. */
  public record Signed(float weight, float rate) {}

  private volatile SlidingWindowCounter handedOut;

  /**
   * Counts one probe handed out at {@code nowNanos} and returns the weight and rate it carries, for
   * the published {@code weight} and {@code rate}.
   */
  public Signed handOut(float weight, float rate, long nowNanos) {
    SlidingWindowCounter handOuts = counter(nowNanos);
    SlidingWindowCounter.Window last = handOuts.window(nowNanos);
    handOuts.record(nowNanos);
    float w = weight;
    float r = rate;
    double now = last.count() >= MIN_COUNT ? last.rate() : Double.NaN;
    if (w > 0 && r > 0 && now > 0) {
      w = finite(w * (double) r / now);
      r = finite(now);
    }
    return new Signed(w, r);
  }

  static float finite(double v) {
    float f = (float) v;
    return f >= 0 && Float.isFinite(f) ? f : 0;
  }

  /** The hand-out counter, started at the first probe's time. */
  private SlidingWindowCounter counter(long nowNanos) {
    SlidingWindowCounter c = handedOut;
    if (c == null) {
      synchronized (this) {
        if (handedOut == null) {
          handedOut = new SlidingWindowCounter(BUCKET_NANOS, BUCKETS, nowNanos);
        }
        c = handedOut;
      }
    }
    return c;
  }
}
