package dev.alm.traces;

import java.util.List;

/**
 * One FastControl probe seen at a proxy (paper 004 eq. 19-20): a probe of {@code category} issued
 * by the DNS of PoP {@code origin} that anycast routed to the proxy of PoP {@code pop}.
 *
 * @param epochMillis when the probe arrived, milliseconds since the epoch (written as ISO-8601 UTC)
 * @param category the probe's category (a PoP id)
 * @param origin the PoP whose DNS answered the beacon with this probe
 * @param pop the PoP whose proxy received it
 */
public record ProbeLogRecord(long epochMillis, String category, String origin, String pop) {

  /** The CSV header, in column order. */
  public static final List<String> HEADER = List.of("ts", "category", "origin", "pop");

  /** The values of one CSV line, in {@link #HEADER} order. */
  public List<String> values() {
    return List.of(Timestamps.format(epochMillis), category, origin, pop);
  }

  /** Appends this record's CSV line (newline included) without building a list of values. */
  public void appendCsv(CsvBytes out) {
    out.timestamp(epochMillis).field(category).field(origin).field(pop).endLine();
  }
}
