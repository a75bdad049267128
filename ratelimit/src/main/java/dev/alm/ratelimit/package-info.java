/**
 * Distributed rate limiting as pure code: the standalone throttlers of article 002, node-level
 * sharing (paper 003, section 7), the allocation algorithms across limiters of papers 001 (GTB,
 * GRD, FPS, CTB), 000 (GDRL) and 003 (the Laplacian throttler), gossip estimation, and their
 * simulator. No sockets, no threads: time is an argument everywhere.
 */
package dev.alm.ratelimit;
