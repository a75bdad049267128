package dev.alm.ratelimit.keys;

/**
 * A key's home to one of the PoPs that reported it, when at least two did in the window: the
 * window's totals over every reporting PoP, what the home holds of the receiver, and the others'
 * arrival rate. The receiver admits from it as {@link KeyEntry#allowance} says.
 *
 * @param key the key's 64-bit hash
 * @param window the low 32 bits of the window's id
 * @param total requests admitted at all reporting PoPs, as reported
 * @param totalArrivals arrivals at all reporting PoPs
 * @param own the receiver's admitted requests as the home holds them
 * @param ownArrivals the receiver's arrivals as the home holds them
 * @param othersRate the other PoPs' arrivals per second
 */
public record KeyGrant(
    long key,
    int window,
    int total,
    int totalArrivals,
    int own,
    int ownArrivals,
    float othersRate) {}
