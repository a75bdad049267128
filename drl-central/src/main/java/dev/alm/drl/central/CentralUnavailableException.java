package dev.alm.drl.central;

/**
 * The store did not answer in time or failed, and the limiter's {@link FailurePolicy} is {@link
 * FailurePolicy#DEFER}: the caller decides. An expected outcome, not a bug: one shared instance
 * without a stack trace, so an outage costs no allocation per request.
 */
public final class CentralUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** The one instance. */
  public static final CentralUnavailableException INSTANCE = new CentralUnavailableException();

  private CentralUnavailableException() {
    super("central store unavailable", null, false, false);
  }
}
