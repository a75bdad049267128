package dev.alm.traces;

import java.util.Locale;

/**
 * What a DNS answer sent the user to, as recorded in the query log's {@code answer} column.
 *
 * <ul>
 *   <li>{@code L1}: the anycast address of the proxies (probability x_i, paper 004 section II);
 *   <li>{@code L2}: the datacenter address (probability 1 - x_i);
 *   <li>{@code PROBE}: a FastControl beacon answered with a probe target (eq. 19);
 *   <li>{@code BEACON}: a FastControl beacon answered without a probe (the L1 addresses, no CNAME):
 *       not a CDN answer, so that l1 + l2 counts exactly the answers that drive HTTP demand;
 *   <li>{@code STATIC}: a record the operator listed (SOA, NS, static names);
 *   <li>{@code NONE}: no answer records (NXDOMAIN, NODATA, REFUSED, errors).
 * </ul>
 */
public enum AnswerKind {
  L1,
  L2,
  PROBE,
  BEACON,
  STATIC,
  NONE;

  /** The column value: the lower-case name. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  private static final AnswerKind[] KINDS = values();

  /** Parses a column value, case-insensitively; {@code null} if it names no kind. */
  public static AnswerKind parse(String s) {
    switch (s) { // the written (lower-case) labels first: this runs once per query log line
      case "l1":
        return L1;
      case "l2":
        return L2;
      case "probe":
        return PROBE;
      case "beacon":
        return BEACON;
      case "static":
        return STATIC;
      case "none":
        return NONE;
      default:
        break;
    }
    for (AnswerKind k : KINDS) {
      if (k.name().equalsIgnoreCase(s)) {
        return k;
      }
    }
    return null;
  }
}
