package dev.alm.dns;

import dev.alm.fastcontrol.ProbeName;
import java.util.List;
import org.xbill.DNS.Record;

/**
 * What the zone holds for a query name and type (typed, so a caller cannot forget a case). Built by
 * {@link ServedZone#lookup}.
 */
public sealed interface Lookup {

  /** The name is outside the zone: REFUSED. */
  record Refused() implements Lookup {}

  /** The name does not exist in the zone: NXDOMAIN with the SOA in authority (RFC 2308). */
  record NxDomain() implements Lookup {}

  /**
   * The name exists, but has no records of the type: NOERROR, no answer, SOA in authority (RFC
   * 2308).
   */
  record NoData() implements Lookup {}

  /** Records the operator listed, or the apex SOA and NS. */
  record Static(List<Record> records) implements Lookup {}

  /** A CDN hostname, A or AAAA: L1 with probability x, else L2. */
  record Cdn(int type) implements Lookup {}

  /** A FastControl beacon, A or AAAA: answered by the probe answerer (paper 004 eq. 19). */
  record Beacon(int type) implements Lookup {}

  /**
   * A correlation beacon {@code <label>.beacon.<zone>} (FastRoute's measurement of C,
   * docs/trace-formats.md), A or AAAA: always L1, so the user's request shows which proxy anycast
   * picks for this PoP's users.
   */
  record CorrelationBeacon(int type) implements Lookup {}

  /**
   * A FastControl probe target {@code [<token>.]<category>.<origin>.fc.<zone>}, A or AAAA: always
   * L1 (the token is checked by the proxy, not here).
   */
  record ProbeTarget(int type, ProbeName probe) implements Lookup {}

  /**
   * A price echo {@code <label>.<proxy>.<origin>.echo.<zone>} (docs/fastcontrol.md, "Price echo"),
   * A or AAAA: counted by the echo verifier, answered with no data.
   *
   * @param labels the labels in front of {@code echo.<zone>}, lower case
   */
  record Echo(String[] labels) implements Lookup {}
}
