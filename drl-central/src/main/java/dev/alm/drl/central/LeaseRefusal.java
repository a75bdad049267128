package dev.alm.drl.central;

/** Why a token-server or lease-client message was refused; each is counted. */
public enum LeaseRefusal {
  /** Wrong size, magic, version, type or field value. */
  MALFORMED,
  /** The HMAC did not verify under any key of the ring: forged or corrupted. */
  BAD_MAC,
  /** A sequence number already seen from that client (or an older incarnation): replayed. */
  REPLAYED,
  /** The sender's timestamp is too far from the receiver's clock: captured and held back. */
  STALE,
  /** A grant that answers no outstanding request (late after a timeout, duplicated, not ours). */
  UNSOLICITED,
  /** The server's table of clients is full of live clients. */
  TABLE_FULL,
  /**
   * Dropped unverified: its source address had spent its budget of refused datagrams and the
   * request's client id is not one that authenticated from there ({@link SourceBudget}).
   */
  OVER_ADDRESS_BUDGET,
  /**
   * Dropped unverified: from an address the server holds no budget for, while the budget those
   * addresses share was spent ({@link SourceBudget}).
   */
  OVER_SHARED_BUDGET
}
