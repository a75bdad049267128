package dev.alm.traces;

import java.util.List;

/**
 * One catchment observation of one vantage point on one anycast service, as in the RIPE Atlas Quad9
 * trace ({@code timestamp,vantage_id,service,site}). Two observations of the same vantage point on
 * two services within a pairing window make one sample of C: the site on the DNS-layer service is
 * the row i, the site on the HTTP-layer service is the column j (paper 004 eq. 1).
 *
 * @param epochMillis the start of the measurement window, milliseconds since the epoch
 * @param vantage the vantage point's id
 * @param service the anycast service measured
 * @param site the site (PoP label) that answered
 */
public record PairedObservation(long epochMillis, String vantage, String service, String site) {

  /** The CSV header, in column order. */
  public static final List<String> HEADER = List.of("timestamp", "vantage_id", "service", "site");

  /** The values of one CSV line, in {@link #HEADER} order. */
  public List<String> values() {
    return List.of(Timestamps.format(epochMillis), vantage, service, site);
  }
}
