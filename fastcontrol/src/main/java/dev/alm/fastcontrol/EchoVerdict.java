package dev.alm.fastcontrol;

/**
 * What a PoP's DNS does with one price echo query (docs/fastcontrol.md, "Price echo"): add its
 * price to beta_i's sample, or refuse it for one reason. Every echo query is answered alike (no
 * data) and counted by its verdict.
 */
public enum EchoVerdict {
  /** Verified: its price is in this interval's sample. */
  COUNTED("counted"),
  /** The labels are no echo name, or the price is not a finite number &ge; 0. */
  MALFORMED("malformed"),
  /** An echo of another PoP's probe (routing moved the user's resolver between probe and echo). */
  OTHER_ORIGIN("other-origin"),
  /** The MAC matches no key of the ring. */
  BAD_MAC("bad-mac"),
  /** Past expiry + skew, or an expiry further ahead than lifetime + skew. */
  EXPIRED("expired"),
  /** This probe's price was echoed before. */
  REPLAYED("replayed"),
  /**
   * Verified, but its resolver prefix has used up its allowance of echoes (one outside party's
   * weight in beta_i is bounded by the prefixes it holds, not by the names it harvests).
   */
  OVER_PREFIX_ALLOWANCE("over-prefix-allowance"),
  /** The replay table is full: refused rather than risk counting a replay. */
  NONCE_TABLE_FULL("nonce-table-full"),
  /** The PoP has no probe key, so it takes no echoes. */
  NO_KEY("no-key");

  private final String label;

  EchoVerdict(String label) {
    this.label = label;
  }

  /** The reason as written in metrics and {@code /status}. */
  public String label() {
    return label;
  }
}
