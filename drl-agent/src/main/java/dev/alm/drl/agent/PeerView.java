package dev.alm.drl.agent;

import java.util.BitSet;

/**
 * What the membership phase of an agent's interval found (docs/ratelimit/agent.md, failure
 * handling): which peers were heard within the peer timeout, which membership believes up, which it
 * removed, and one silent peer to probe.
 *
 * @param heard this PoP and the peers heard within the peer timeout
 * @param up {@code heard} plus the peers membership says are alive (push-sum sends to those)
 * @param removed the peers not heard that membership removed (failed or left)
 * @param probe a silent peer membership says is up, drawn at random, or -1: table gossip sends it
 *     this interval's values too, so that peers which stopped hearing each other find each other
 *     again
 */
record PeerView(BitSet heard, BitSet up, BitSet removed, int probe) {

  /** The PoPs heard, this one included. */
  int hearing() {
    return heard.cardinality();
  }
}
