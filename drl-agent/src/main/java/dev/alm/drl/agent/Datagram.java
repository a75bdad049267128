package dev.alm.drl.agent;

/**
 * A signed datagram the core wants sent.
 *
 * @param to the receiving agent's id
 * @param bytes the UDP payload
 */
public record Datagram(int to, byte[] bytes) {}
