package dev.alm.ratelimit.keys;

/**
 * What a PoP tells a key's home about the key in one window: its admitted requests and its arrivals
 * there so far, and the key's arrival rate there.
 *
 * @param key the key's 64-bit hash
 * @param window the low 32 bits of the window's id ({@link KeyWindow#id})
 * @param limit the key's limit per window
 * @param count requests admitted at the PoP in the window
 * @param arrivals requests arrived at the PoP in the window (admitted or refused)
 * @param rate the key's recent arrivals per second at the PoP
 * @param admittedRate the key's recent admitted requests per second at the PoP: the home projects
 *     the PoP's count from it until its next report
 * @param shared whether the PoP holds the key as shared (a grant came in this window or the last):
 *     the home then answers even when no other PoP reported it, so the PoP learns it is alone
 */
public record KeyReport(
    long key,
    int window,
    int limit,
    int count,
    int arrivals,
    float rate,
    float admittedRate,
    boolean shared) {}
