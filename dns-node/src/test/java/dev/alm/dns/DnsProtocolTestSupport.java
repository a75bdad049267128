package dev.alm.dns;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;

/** One query through dnsjava's SimpleResolver over UDP. */
final class DnsProtocolTestSupport {
  private DnsProtocolTestSupport() {}

  static List<Record> ask(DnsNode node, String name, int type) throws IOException {
    SimpleResolver r = new SimpleResolver(node.address());
    r.setTimeout(Duration.ofSeconds(5));
    Message m =
        r.send(Message.newQuery(Record.newRecord(Name.fromConstantString(name), type, DClass.IN)));
    return m.getSection(Section.ANSWER);
  }
}
