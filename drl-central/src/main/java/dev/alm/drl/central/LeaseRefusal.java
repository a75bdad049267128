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
  TABLE_FULL
}
