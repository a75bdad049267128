/**
 * The allocation step shared by every algorithm that splits a global rate limit across limiters.
 *
 * <p>An algorithm is an {@link dev.alm.ratelimit.alloc.Allocator}: once per estimate interval each
 * limiter calls {@link dev.alm.ratelimit.alloc.Allocator#step} with its own state, what it measured
 * locally during the interval ({@link dev.alm.ratelimit.alloc.LocalMeasurement}) and the peer
 * messages it received since its last step; it gets back its new state, how to police local traffic
 * until the next step ({@link dev.alm.ratelimit.alloc.Enforcement}: a local token-bucket limit, a
 * drop probability, or the central bucket) and the messages to send. The step is pure: no clock, no
 * sockets, randomness comes in as an argument. The simulator ({@code dev.alm.ratelimit.sim}) and a
 * live agent (gossip between PoPs) call the same code.
 *
 * <p>It carries paper 001's GTB, GRD, FPS and CTB (Raghavan et al. 2007, section 3.2), paper 000's
 * GDRL (Stanojevic and Shorten, Fig. 1: C_i &lt;- C_i + eta sum_j (q_i - q_j) over neighbours) and
 * paper 003's Laplacian throttler (Siami and Skaf, eq. 3-4: x(k+1) = x(k) + gamma L p(k)), and the
 * baselines static 1/N and independent per-PoP counting.
 */
package dev.alm.ratelimit.alloc;
