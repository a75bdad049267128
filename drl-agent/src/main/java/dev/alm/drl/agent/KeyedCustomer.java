package dev.alm.drl.agent;

import dev.alm.ratelimit.keys.KeyedLimiter;

/**
 * A customer with a per-key limit at this PoP, as the agent shares it (docs/ratelimit/keys.md): its
 * name (its wire key is {@link CustomerLimit}'s CRC-32 of it) and its table of keys.
 *
 * @param name the customer's name
 * @param limiter its keys at this PoP
 */
public record KeyedCustomer(String name, KeyedLimiter limiter) {

  /** The 4-byte key that names the customer on the wire. */
  public int key() {
    return new CustomerLimit(name, 1, null).key();
  }
}
