/**
 * Gossip estimation of a global sum (paper 001 sections 3.1 and 4.2): an EWMA of each limiter's
 * local value per estimate interval, push-sum dissemination to br random peers per interval (Kempe
 * et al., cited as [22]), per-link sequence numbers with the paper's loss compensation, and the
 * disconnected-peer rule of section 5.6 as an option. Pure: the caller passes randomness in.
 */
package dev.alm.ratelimit.gossip;
