package dev.alm.dns;

import java.nio.charset.StandardCharsets;
import org.xbill.DNS.DClass;
import org.xbill.DNS.EDNSOption;
import org.xbill.DNS.GenericEDNSOption;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

/**
 * Which anycast instance answered, told the way production anycast DNS tells it: CHAOS-class TXT
 * {@code id.server.} and {@code hostname.bind.} (RFC 4892) and the EDNS NSID option (RFC 5001)
 * answer with the PoP's id. Operators and measurement platforms use them to map catchments.
 */
final class ServerIdentity {

  private static final Name ID_SERVER = Name.fromConstantString("id.server.");
  private static final Name HOSTNAME_BIND = Name.fromConstantString("hostname.bind.");

  private ServerIdentity() {}

  /** True for a CHAOS TXT (or ANY) question for {@code id.server.} or {@code hostname.bind.}. */
  static boolean asks(Record question) {
    return question.getDClass() == DClass.CH
        && (question.getType() == Type.TXT || question.getType() == Type.ANY)
        && (question.getName().equals(ID_SERVER) || question.getName().equals(HOSTNAME_BIND));
  }

  /** The TXT answer naming {@code pop}, never cached. */
  static Record answer(Record question, String pop) {
    return new TXTRecord(question.getName(), DClass.CH, 0, pop);
  }

  /** True when the query's OPT carries an NSID option (which a client sends empty). */
  static boolean wantsNsid(OPTRecord opt) {
    return !opt.getOptions(EDNSOption.Code.NSID).isEmpty();
  }

  /** The NSID option of the response: the PoP's id. */
  static EDNSOption nsid(String pop) {
    return new GenericEDNSOption(EDNSOption.Code.NSID, pop.getBytes(StandardCharsets.US_ASCII));
  }
}
