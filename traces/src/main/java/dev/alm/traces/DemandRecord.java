package dev.alm.traces;

import java.util.List;

/**
 * One point of a demand time series: the DNS-driven demand A_i at PoP {@code node} from {@code
 * epochMillis} until the node's next point (paper 004 eq. 2), for replay into the simulator.
 *
 * @param epochMillis when this demand starts, milliseconds since the epoch
 * @param node the PoP id
 * @param demand A_i, in load units (requests per second live), finite and &gt;= 0
 */
public record DemandRecord(long epochMillis, String node, double demand) {

  /** The CSV header, in column order. */
  public static final List<String> HEADER = List.of("timestamp", "node", "demand");

  public DemandRecord {
    if (!Double.isFinite(demand) || demand < 0) {
      throw new IllegalArgumentException("demand must be a finite number >= 0, got " + demand);
    }
  }

  /** The values of one CSV line, in {@link #HEADER} order. */
  public List<String> values() {
    return List.of(Timestamps.format(epochMillis), node, Double.toString(demand));
  }
}
