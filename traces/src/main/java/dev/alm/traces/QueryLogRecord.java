package dev.alm.traces;

import java.util.List;

/**
 * One line of the DNS query log that dns-node writes (docs/trace-formats.md).
 *
 * @param epochMillis when the answer was sent, milliseconds since the epoch (written as ISO-8601
 *     UTC)
 * @param pop the id of the PoP whose DNS server answered
 * @param resolver the address of the querying resolver
 * @param ecs the EDNS client subnet of the query ({@code 203.0.113.0/24}), or "" if none
 * @param qname the queried name, lower-case, with the trailing dot
 * @param qtype the query type mnemonic ({@code A}, {@code AAAA}, ...)
 * @param rcode the response code mnemonic ({@code NOERROR}, {@code NXDOMAIN}, ...)
 * @param answer what the answer sent the user to
 */
public record QueryLogRecord(
    long epochMillis,
    String pop,
    String resolver,
    String ecs,
    String qname,
    String qtype,
    String rcode,
    AnswerKind answer) {

  /** The CSV header, in column order. */
  public static final List<String> HEADER =
      List.of("ts", "pop", "resolver", "ecs", "qname", "qtype", "rcode", "answer");

  /** The values of one CSV line, in {@link #HEADER} order. */
  public List<String> values() {
    return List.of(
        Timestamps.format(epochMillis), pop, resolver, ecs, qname, qtype, rcode, answer.label());
  }

  /** Appends this record's CSV line (newline included) without building a list of values. */
  public void appendCsv(CsvBytes out) {
    out.timestamp(epochMillis)
        .field(pop)
        .field(resolver)
        .field(ecs)
        .field(qname)
        .field(qtype)
        .field(rcode)
        .field(answer.label())
        .endLine();
  }
}
