package dev.alm.ratelimit.throttle;

/**
 * The outcome of one {@code tryAcquire}: admitted or rejected, and for an admitted request the time
 * it must wait before it is forwarded (non-zero only for the leaky bucket, article 002 section 3.3,
 * which shapes its output to a constant rate).
 *
 * @param admitted whether the permits were granted
 * @param delayNanos for an admitted request, nanoseconds to hold it before forwarding (0 for every
 *     throttler except the leaky bucket); 0 for a rejected one
 */
public record Decision(boolean admitted, long delayNanos) {

  /** Admitted, forward now. */
  public static final Decision ADMIT = new Decision(true, 0);

  /** Rejected. */
  public static final Decision REJECT = new Decision(false, 0);

  /** Validates the fields. */
  public Decision {
    if (delayNanos < 0 || (!admitted && delayNanos != 0)) {
      throw new IllegalArgumentException("delayNanos " + delayNanos + " for admitted=" + admitted);
    }
  }

  /** Admitted, to be forwarded after {@code delayNanos}. */
  public static Decision admitAfter(long delayNanos) {
    return delayNanos == 0 ? ADMIT : new Decision(true, delayNanos);
  }
}
