package dev.alm.proxy;

/**
 * The outcome of admission control for one request: admitted, or shed with the time after which a
 * retry may succeed (sent as {@code Retry-After}, whole seconds, at least one).
 *
 * @param admitted whether the request is served
 * @param retryAfterSeconds for a shed request, the {@code Retry-After} value; 0 when admitted
 */
public record Admission(boolean admitted, long retryAfterSeconds) {

  /** The request is served. */
  public static final Admission ADMITTED = new Admission(true, 0);

  /** A shed decision. */
  public static Admission shed(long retryAfterNanos) {
    return new Admission(false, Math.max(1, (retryAfterNanos + 999_999_999L) / 1_000_000_000L));
  }
}
