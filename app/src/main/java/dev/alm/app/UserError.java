package dev.alm.app;

/** A problem with what the user asked for, reported as one line and exit code 1. */
public final class UserError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public UserError(String message) {
    super(message);
  }
}
