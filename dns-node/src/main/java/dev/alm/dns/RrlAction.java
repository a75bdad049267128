package dev.alm.dns;

/** What response-rate limiting decided for one UDP response. */
public enum RrlAction {
  /** Within the limit: send the response. */
  SEND,
  /** Over the limit: send nothing. */
  DROP,
  /**
   * Over the limit, but this one goes out truncated (TC, no records) so a real client retries over
   * TCP.
   */
  SLIP
}
