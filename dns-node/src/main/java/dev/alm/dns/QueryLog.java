package dev.alm.dns;

import dev.alm.traces.AsyncLineLog;
import dev.alm.traces.QueryLogRecord;
import java.io.IOException;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.xbill.DNS.ClientSubnetOption;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Type;

/**
 * The query log (format in docs/trace-formats.md, {@link QueryLogRecord}): one CSV line per response, written by
 * a background thread through a bounded queue. The answering path only queues raw fields; names and addresses
 * are turned into text on the writer thread. A full queue drops lines and counts them ({@link #dropped()}).
 */
public final class QueryLog implements AutoCloseable {
  private final AsyncLineLog<Event> log;

  private record Event(long epochMillis, InetAddress resolver, Outcome outcome) {}

  private QueryLog(AsyncLineLog<Event> log) {
    this.log = log;
  }

  /** Opens the log file for appending; the header is written when the file is new or empty. */
  public static QueryLog open(Path file, String pop, int queue) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    boolean fresh = !Files.exists(file) || Files.size(file) == 0;
    Writer w = AsyncLineLog.fileWriter(file, true);
    return to(w, pop, queue, fresh);
  }

  /** A log to any writer (closed with the log), with or without the header line. */
  public static QueryLog to(Writer out, String pop, int queue, boolean header) throws IOException {
    return new QueryLog(new AsyncLineLog<>(out, header ? QueryLogRecord.HEADER : null,
        new Formatter(pop), queue, "alm-dns-query-log"));
  }

  /** Queues one line; never blocks. */
  public void record(long epochMillis, InetAddress resolver, Outcome outcome) {
    log.offer(new Event(epochMillis, resolver, outcome));
  }

  /** Lines dropped because the queue was full or the file failed. */
  public long dropped() {
    return log.dropped();
  }

  /** Lines written. */
  public long written() {
    return log.written();
  }

  /**
   * Turns events into lines on the writer thread. It remembers the last resolver and name it printed, because
   * consecutive lines usually share them, so the common line costs no formatting of either.
   */
  private static final class Formatter implements AsyncLineLog.LineFormat<Event> {
    private final String pop;
    private InetAddress lastResolver;
    private String lastResolverText;
    private org.xbill.DNS.Name lastName;
    private String lastNameText;

    Formatter(String pop) {
      this.pop = pop;
    }

    @Override
    public void append(Event e, StringBuilder out) {
      Outcome o = e.outcome();
      if (!e.resolver().equals(lastResolver)) {
        lastResolver = e.resolver();
        lastResolverText = lastResolver.getHostAddress();
      }
      String qname = "";
      if (o.qname() != null) {
        if (o.qname() != lastName) {
          lastName = o.qname();
          lastNameText = lastName.toString().toLowerCase(Locale.ROOT);
        }
        qname = lastNameText;
      }
      new QueryLogRecord(e.epochMillis(), pop, lastResolverText, ecs(o.ecs()), qname,
          o.qtype() < 0 ? "" : Type.string(o.qtype()), Rcode.string(o.rcode()), o.kind()).appendCsv(out);
    }
  }

  private static String ecs(ClientSubnetOption ecs) {
    return ecs == null ? "" : ecs.getAddress().getHostAddress() + "/" + ecs.getSourcePrefixLength();
  }

  @Override
  public void close() throws IOException {
    log.close();
  }


}
