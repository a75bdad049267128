package dev.alm.lab;

import java.util.Locale;

/**
 * A routing drill during a lab run (docs/lab/drills.md, "Drills"): a PoP withdraws or announces its
 * anycast prefixes ({@code birdc disable/enable}), prepends its AS N times (a new config and {@code
 * birdc configure}), a link goes down, or a link's netem delay and loss change.
 *
 * @param kind what happens
 * @param target a PoP id, or {@code A-B} for a link
 * @param prepend the prepend count (prepend only)
 * @param delayMs the new delay (netem only)
 * @param lossPercent the new loss (netem only)
 * @param atSeconds when, in seconds from the users' start
 */
public record LabDrill(
    Kind kind, String target, int prepend, double delayMs, double lossPercent, double atSeconds) {

  /** The drills. */
  public enum Kind {
    WITHDRAW("--withdraw"),
    ANNOUNCE("--announce"),
    PREPEND("--prepend"),
    LINK_DOWN("--link-down"),
    NETEM("--netem");

    private final String flag;

    Kind(String flag) {
      this.flag = flag;
    }

    public String flag() {
      return flag;
    }
  }

  /**
   * Parses a flag's value: {@code POP:S} (withdraw, announce), {@code POP:N:S} (prepend), {@code
   * A-B:S} (link-down), {@code A-B:loss=P,delay=MS:S} (netem).
   */
  public static LabDrill parse(Kind kind, String value) {
    String[] p = value.split(":");
    int want = kind == Kind.PREPEND || kind == Kind.NETEM ? 3 : 2;
    if (p.length != want || p[0].isEmpty()) {
      throw new IllegalArgumentException(
          kind.flag()
              + ": expected "
              + switch (kind) {
                case PREPEND -> "POP:N:SECONDS";
                case NETEM -> "A-B:loss=P,delay=MS:SECONDS";
                case LINK_DOWN -> "A-B:SECONDS";
                default -> "POP:SECONDS";
              }
              + ", got '"
              + value
              + "'");
    }
    double at = number(kind, "SECONDS", p[want - 1]);
    if (!(at >= 0)) {
      throw new IllegalArgumentException(kind.flag() + ": SECONDS must be >= 0");
    }
    if ((kind == Kind.LINK_DOWN || kind == Kind.NETEM) && !p[0].contains("-")) {
      throw new IllegalArgumentException(kind.flag() + ": the link is A-B, got '" + p[0] + "'");
    }
    int n = 0;
    double delay = 0;
    double loss = 0;
    if (kind == Kind.PREPEND) {
      double v = number(kind, "N", p[1]);
      if (v != Math.rint(v) || v < 0 || v > 10) {
        throw new IllegalArgumentException(kind.flag() + ": N must be an integer in [0, 10]");
      }
      n = (int) v;
    }
    if (kind == Kind.NETEM) {
      for (String kv : p[1].split(",")) {
        String[] e = kv.split("=", 2);
        if (e.length != 2) {
          throw new IllegalArgumentException(kind.flag() + ": expected loss=P,delay=MS");
        }
        switch (e[0].trim().toLowerCase(Locale.ROOT)) {
          case "loss" -> loss = number(kind, "loss", e[1]);
          case "delay" -> delay = number(kind, "delay", e[1]);
          default ->
              throw new IllegalArgumentException(
                  kind.flag() + ": unknown setting '" + e[0] + "' (loss, delay)");
        }
      }
      if (!(loss >= 0 && loss <= 100) || !(delay >= 0 && delay <= 10_000)) {
        throw new IllegalArgumentException(
            kind.flag() + ": loss in [0, 100] percent, delay in [0, 10000] ms");
      }
    }
    return new LabDrill(kind, p[0], n, delay, loss, at);
  }

  private static double number(Kind kind, String what, String s) {
    try {
      double v = Double.parseDouble(s.trim());
      if (!Double.isFinite(v)) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          kind.flag() + ": " + what + " is not a number: '" + s + "'");
    }
  }

  /** Checks the target against a topology. */
  public void check(LabTopology t) {
    if (kind == Kind.LINK_DOWN || kind == Kind.NETEM) {
      String[] ab = target.split("-", 2);
      if (LabPlan.of(t).veth(ab[0], ab[1]) == null) {
        throw new IllegalArgumentException(kind.flag() + ": no link " + target);
      }
    } else if (!t.isPop(target)) {
      throw new IllegalArgumentException(kind.flag() + ": no PoP '" + target + "'");
    }
  }

  /** How the drill reads back, e.g. {@code withdraw a at 20 s}. */
  public String label() {
    String what = kind.flag().substring(2);
    return switch (kind) {
          case PREPEND -> what + " " + target + " x" + prepend;
          case NETEM -> what + " " + target + " delay " + delayMs + " ms loss " + lossPercent + "%";
          default -> what + " " + target;
        }
        + " at "
        + atSeconds
        + " s";
  }
}
