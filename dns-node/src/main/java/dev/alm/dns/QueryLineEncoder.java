package dev.alm.dns;

import dev.alm.traces.CsvBytes;
import dev.alm.traces.QueryLogRecord;
import java.net.InetAddress;
import java.util.Locale;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Type;

/**
 * Encodes query-log lines ({@link QueryLogRecord}'s columns, docs/trace-formats.md) straight to
 * bytes, on the log's writer thread only. Consecutive lines mostly share their resolver, and the
 * hot path's outcomes are shared objects, so both are encoded once and kept: the common line costs
 * a timestamp and two array copies.
 */
final class QueryLineEncoder {
  /** Outcomes whose fields were encoded, by identity hash (direct-mapped). */
  private static final int CACHED = 64;

  private final String pop;
  private InetAddress lastResolver;
  private byte[] popResolver;
  private final Outcome[] outcomes = new Outcome[CACHED];
  private final byte[][] outcomeFields = new byte[CACHED][];
  private Name lastName;
  private String lastNameText;

  QueryLineEncoder(String pop) {
    this.pop = pop;
  }

  /** Appends one line (newline included): {@code ts,pop,resolver,ecs,qname,qtype,rcode,answer}. */
  void append(CsvBytes out, long epochMillis, InetAddress resolver, Outcome o) {
    if (!resolver.equals(lastResolver)) {
      lastResolver = resolver;
      popResolver = CsvBytes.encodeFields(pop, resolver.getHostAddress());
    }
    int slot = System.identityHashCode(o) & (CACHED - 1);
    byte[] fields = outcomeFields[slot];
    if (outcomes[slot] != o) {
      fields = encode(o);
      outcomes[slot] = o;
      outcomeFields[slot] = fields;
    }
    out.timestamp(epochMillis).fields(popResolver).fields(fields).endLine();
  }

  /**
   * The {@code ecs,qname,qtype,rcode,answer} fields of one outcome, each with its leading comma.
   */
  private byte[] encode(Outcome o) {
    String qname = "";
    if (o.qname() != null) {
      if (o.qname() != lastName) {
        lastName = o.qname();
        lastNameText = lastName.toString().toLowerCase(Locale.ROOT);
      }
      qname = lastNameText;
    }
    return CsvBytes.encodeFields(
        ecs(o.ecs()),
        qname,
        o.qtype() < 0 ? "" : Type.string(o.qtype()),
        Rcode.string(o.rcode()),
        o.kind().label());
  }

  private static String ecs(ClientSubnetOption ecs) {
    return ecs == null ? "" : ecs.getAddress().getHostAddress() + "/" + ecs.getSourcePrefixLength();
  }
}
