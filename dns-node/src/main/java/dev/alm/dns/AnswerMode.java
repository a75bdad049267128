package dev.alm.dns;

/**
 * How a CDN hostname's answer is drawn from x, the probability of answering L1 (paper 004 section
 * II).
 *
 * <ul>
 *   <li>{@link #BALANCED} (the default): a random draw per query whose probability is corrected by
 *       the L1 answers owed so far ({@code fastcontrol.BalancedSplit}), so the share of L1 answers
 *       is x over every few answers and the load that x sends to L1 is not binomial noise;
 *   <li>{@link #RANDOM}: an independent draw per query, as in the paper;
 *   <li>{@link #STICKY}: a salted hash of the client subnet (ECS, else the resolver's /24 or /56),
 *       mapped to [0, 1) and compared against x, so a resolver keeps its answer while x is steady
 *       and a change of x moves only the difference.
 * </ul>
 */
public enum AnswerMode {
  BALANCED,
  RANDOM,
  STICKY
}
