package dev.alm.cluster;

/**
 * A failure drill during a cluster run, at {@code atSeconds} into the run:
 *
 * <ul>
 *   <li>{@link Kind#RESTART}: PoP {@code pop}'s daemon is closed (DNS, proxy, loop) and started
 *       again on the same addresses from its state file, as an operator's restart would;
 *   <li>{@link Kind#KILL_PROXY}: PoP {@code pop}'s proxy is closed for the rest of the run; its DNS
 *       server and control loop stay up and must fall back to the safe x.
 * </ul>
 */
public record Drill(Kind kind, String pop, double atSeconds) {

  /** What the drill does. */
  public enum Kind {
    RESTART("restart"),
    KILL_PROXY("kill-proxy");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public Drill {
    if (kind == null || pop == null || pop.isEmpty()) {
      throw new IllegalArgumentException("drill: a kind and a PoP id are required");
    }
    if (!(atSeconds > 0) || !Double.isFinite(atSeconds)) {
      throw new IllegalArgumentException(
          kind.label() + ": the time must be a number of seconds > 0, got " + atSeconds);
    }
  }

  /** Parses {@code POP:SECONDS}, e.g. {@code b:30}. */
  public static Drill parse(Kind kind, String text) {
    int colon = text.lastIndexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new IllegalArgumentException(
          kind.label() + " must be POP:SECONDS, e.g. b:30, got '" + text + "'");
    }
    try {
      return new Drill(
          kind, text.substring(0, colon), Double.parseDouble(text.substring(colon + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          kind.label() + ": bad number of seconds in '" + text + "'");
    }
  }
}
