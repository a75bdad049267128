package dev.alm.drl.agent;

/**
 * One customer's gossip update inside a datagram: part 1's {@code GossipUpdate} (paper 001 section
 * 3.1) tagged with the customer.
 *
 * @param customerKey the customer's {@link CustomerLimit#key()}
 * @param seq the update's sequence number in the gossip estimator (per sender for the table of
 *     latest values, per link for push-sum; section 4.2)
 * @param value the demand r_i (table) or the value mass (push-sum), units/s
 * @param weight the weight mass (push-sum), 0 for the table
 */
public record DemandEntry(int customerKey, long seq, double value, double weight) {

  /** Bytes on the wire: key 4, seq 4, value 8, weight 8. */
  public static final int BYTES = 24;
}
