package dev.alm.export;

/**
 * One customer's rate-limit state at one PoP, as its {@code /status} shows it
 * (docs/ratelimit/enforcement.md); a field the PoP does not show is null.
 *
 * @param source where it was read (the status URL)
 * @param pop the PoP's id
 * @param customer the customer's name
 * @param unit requests/s or bytes/s
 * @param limit the customer's global limit, in the unit
 * @param share this PoP's share of it now
 * @param demand this PoP's measured demand
 * @param served requests served at this PoP since start
 * @param rejected requests answered 429 at this PoP since start
 * @param peers peers the PoP's DRL agent hears
 * @param mode how the share is set (normal, lease, safe, independent, static, central)
 */
public record RateLimitShare(
    String source,
    String pop,
    String customer,
    String unit,
    Double limit,
    Double share,
    Double demand,
    Double served,
    Double rejected,
    Double peers,
    String mode) {}
