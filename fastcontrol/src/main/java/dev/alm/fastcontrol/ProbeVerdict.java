package dev.alm.fastcontrol;

/**
 * What a proxy does with one probe request (docs/fastcontrol.md): count it toward R_i (paper 004
 * eq. 20), or refuse it for one reason. Every refused probe is answered like a counted one and
 * counted by its reason.
 */
public enum ProbeVerdict {
  /** Verified (or authentication is off): counted toward R_i and the pair counts. */
  COUNTED("counted"),
  /** No token although authentication is on. */
  UNSIGNED("unsigned"),
  /** A name under {@code fc.<zone>} that is no probe, or a token that does not decode. */
  MALFORMED("malformed"),
  /** The MAC matches no key of the ring. */
  BAD_MAC("bad-mac"),
  /** Past expiry + skew, or an expiry further ahead than lifetime + skew. */
  EXPIRED("expired"),
  /** The nonce was counted before within its window. */
  REPLAYED("replayed"),
  /** The replay table is full: refused rather than risk counting a replay. */
  NONCE_TABLE_FULL("nonce-table-full"),
  /** The client address is over its probe rate. */
  OVER_CLIENT_CAP("over-client-cap");

  private final String label;

  ProbeVerdict(String label) {
    this.label = label;
  }

  /** The reason as written in metrics and {@code /status}. */
  public String label() {
    return label;
  }
}
