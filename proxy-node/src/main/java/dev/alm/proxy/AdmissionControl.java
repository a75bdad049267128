package dev.alm.proxy;

import dev.alm.io.NanoTimeMeter;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Hard admission control of a proxy: requests beyond a ceiling rate (default 1.25 T_i, requests per
 * second) are shed. The controllers of paper 004 keep S_i near or below T_i by steering DNS; this
 * is the backstop for the seconds before they react (a flash crowd, a neighbouring PoP failing).
 *
 * <p>A token bucket from Bucket4j (lock-free compare-and-set, greedy refill at the ceiling rate, a
 * burst of {@code burstSeconds} of ceiling), with the proxy's clock as Bucket4j's time meter. A
 * token bucket, not a concurrency limit, because T_i is a rate. FastControl probes never pass
 * through here: shedding them would bias beta (eq. 20) exactly when the prices matter most.
 */
public final class AdmissionControl {

  /**
   * Rates are given to Bucket4j as tokens per this period, so fractional ceilings keep their
   * precision.
   */
  private static final Duration PERIOD = Duration.ofSeconds(1000);

  private final Bucket bucket;
  private volatile double ceiling;
  private final LongAdder admitted = new LongAdder();
  private final LongAdder shed = new LongAdder();

  /**
   * @param ceiling the largest admitted rate, requests per second, &gt; 0
   * @param burstSeconds how much of a second's ceiling may arrive at once, &gt; 0
   * @param nanoClock the proxy's monotonic clock
   */
  public AdmissionControl(double ceiling, double burstSeconds, LongSupplier nanoClock) {
    BucketConfiguration limit = limit(ceiling, burstSeconds);
    this.ceiling = ceiling;
    this.bucket =
        Bucket.builder()
            .addLimit(limit.getBandwidths()[0])
            .withCustomTimePrecision(new NanoTimeMeter(nanoClock))
            .build();
  }

  private static BucketConfiguration limit(double ceiling, double burstSeconds) {
    if (!(ceiling > 0) || !Double.isFinite(ceiling)) {
      throw new IllegalArgumentException("ceiling must be a finite rate > 0, got " + ceiling);
    }
    if (!(burstSeconds > 0)) {
      throw new IllegalArgumentException("burst must be > 0 s, got " + burstSeconds);
    }
    long perPeriod = Math.max(1, Math.round(ceiling * PERIOD.getSeconds()));
    long burst = Math.max(1, Math.round(ceiling * burstSeconds));
    return BucketConfiguration.builder()
        .addLimit(limit -> limit.capacity(burst).refillGreedy(perPeriod, PERIOD))
        .build();
  }

  /**
   * Admits at another ceiling and burst from now on (a reload: docs/pop/reload.md, "Reload"),
   * keeping the tokens the bucket holds in proportion: no request waits, and the change is neither
   * a free burst nor a shed one.
   *
   * @param ceiling the largest admitted rate, requests per second, &gt; 0
   * @param burstSeconds how much of a second's ceiling may arrive at once, &gt; 0
   */
  public void reconfigure(double ceiling, double burstSeconds) {
    bucket.replaceConfiguration(
        limit(ceiling, burstSeconds), TokensInheritanceStrategy.PROPORTIONALLY);
    this.ceiling = ceiling;
  }

  /** Admits or sheds one request now. */
  public Admission tryAdmit() {
    ConsumptionProbe p = bucket.tryConsumeAndReturnRemaining(1);
    if (p.isConsumed()) {
      admitted.increment();
      return Admission.ADMITTED;
    }
    shed.increment();
    return Admission.shed(p.getNanosToWaitForRefill());
  }

  /** The ceiling rate, requests per second. */
  public double ceiling() {
    return ceiling;
  }

  public long admitted() {
    return admitted.sum();
  }

  public long shed() {
    return shed.sum();
  }
}
