package dev.alm.drl.agent;

import java.util.List;

/**
 * The outputs of one estimate interval of an agent's core.
 *
 * @param mode the agent's mode
 * @param hearing PoPs heard within the peer timeout, this one included
 * @param shares one per customer, in configuration order
 * @param datagrams the signed datagrams to send now
 */
public record Tick(Mode mode, int hearing, List<CustomerShare> shares, List<Datagram> datagrams) {}
