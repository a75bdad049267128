package dev.alm.drl.agent;

import java.util.Locale;

/**
 * How a PoP's agent currently sets its shares (docs/ratelimit/agent.md, failure modes).
 *
 * <ul>
 *   <li>{@link #NORMAL}: it hears peers; shares come from the gossiped demands;
 *   <li>{@link #LEASE}: it has heard no peer for the silence timeout and keeps its last share for
 *       the lease;
 *   <li>{@link #SAFE}: the lease ran out (or it never heard a peer since it started): L/N of each
 *       customer's limit (paper 001 section 5.7's static share, paper 000 Fig. 1 line 9).
 * </ul>
 */
public enum Mode {
  NORMAL,
  LEASE,
  SAFE;

  /** The name shown in /status and metrics. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
