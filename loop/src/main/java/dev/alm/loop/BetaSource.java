package dev.alm.loop;

/**
 * Where the dual loop takes beta_i = sum_j C_ij mu_j (paper 004 eq. 14) from (docs/fastcontrol.md).
 */
public enum BetaSource {
  /**
   * FastControl (section III-F, eq. 19-20): PoP i's users fetch probes of every category j at the
   * planned rates, and proxy i counts its own category. Needs C, and needs some of PoP i's users to
   * reach proxy i (C_ii &gt; 0), or proxy i counts nothing.
   */
  PROBES("probes"),
  /**
   * Price echo: every probe PoP i hands out comes back to its DNS carrying the price of the proxy
   * that answered it; beta_i is the mean of those prices. Needs neither C nor C_ii &gt; 0, and
   * needs a probe key (the echoes are signed).
   */
  ECHO("echo"),
  /**
   * The default of a PoP's configuration: price echoes when the PoP has a probe key (they are
   * signed), FastControl probe counts otherwise ({@link #resolve}); the PoP daemon resolves it at
   * start. A loop given it unresolved counts probes.
   */
  AUTO("auto");

  private final String label;

  BetaSource(String label) {
    this.label = label;
  }

  /** The name in configs and on the command line. */
  public String label() {
    return label;
  }

  /** What {@link #AUTO} stands for: echoes with a probe key, probe counts without. */
  public static BetaSource resolve(boolean probeKey) {
    return probeKey ? ECHO : PROBES;
  }

  /** The source named {@code s} ("probes", "echo" or "auto"). */
  public static BetaSource parse(String s) {
    for (BetaSource b : values()) {
      if (b.label.equals(s)) {
        return b;
      }
    }
    throw new IllegalArgumentException("beta source must be probes, echo or auto, got " + s);
  }
}
