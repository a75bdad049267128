package dev.alm.drl.agent;

import java.util.List;

/**
 * What an agent shows on /status: its mode, the PoPs it hears, every customer's share and the
 * counters.
 *
 * @param id this PoP's number
 * @param limiters N
 * @param mode normal, lease or safe
 * @param hearing PoPs heard within the peer timeout, this one included
 * @param customers the latest shares, one per customer
 * @param counters datagram counters
 * @param unsent datagrams not sent because the peer's address is not known yet
 * @param membership the membership layer, described
 */
public record AgentStatus(
    int id,
    int limiters,
    Mode mode,
    int hearing,
    List<CustomerShare> customers,
    AgentCounters counters,
    long unsent,
    String membership) {}
