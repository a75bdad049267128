package dev.alm.dns;

import dev.alm.traces.AnswerKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.xbill.DNS.Rcode;

/**
 * {@link DnsMetrics} on Micrometer: {@code alm_dns_queries_total{rcode,answer,transport}}, {@code
 * alm_dns_rrl_total{action}}, {@code alm_dns_dropped_total}, {@code alm_dns_tcp_refused_total} and
 * the latency histogram {@code alm_dns_latency_seconds}. Counters are created up front and indexed,
 * so the answering path does no map lookups.
 */
public final class MicrometerDnsMetrics implements DnsMetrics {
  /**
   * The rcodes this server sends: NOERROR, FORMERR, SERVFAIL, NXDOMAIN, NOTIMP, REFUSED, BADVERS.
   */
  private static final int[] SENT = {0, 1, 2, 3, 4, 5, 16};

  private static final int RCODES = SENT.length;
  private static final AnswerKind[] KINDS = AnswerKind.values();

  private final Counter[] queries;
  private final Counter slipped;
  private final Counter rrlDropped;
  private final Counter dropped;
  private final Counter tcpRefused;
  private final Timer latency;

  public MicrometerDnsMetrics(MeterRegistry registry, String pop) {
    queries = new Counter[RCODES * KINDS.length * 2];
    for (int rc : SENT) {
      for (AnswerKind k : KINDS) {
        for (int t = 0; t < 2; t++) {
          queries[index(rc, k, t == 1)] =
              Counter.builder("alm.dns.queries")
                  .description("DNS responses by rcode, answer kind and transport")
                  .tag("pop", pop)
                  .tag("rcode", Rcode.string(rc).toLowerCase(Locale.ROOT))
                  .tag("answer", k.label())
                  .tag("transport", t == 1 ? "tcp" : "udp")
                  .register(registry);
        }
      }
    }
    slipped =
        Counter.builder("alm.dns.rrl").tag("pop", pop).tag("action", "slip").register(registry);
    rrlDropped =
        Counter.builder("alm.dns.rrl").tag("pop", pop).tag("action", "drop").register(registry);
    dropped =
        Counter.builder("alm.dns.dropped")
            .description("messages dropped unanswered (unparseable)")
            .tag("pop", pop)
            .register(registry);
    tcpRefused =
        Counter.builder("alm.dns.tcp.refused")
            .description("TCP connections closed at the cap")
            .tag("pop", pop)
            .register(registry);
    latency =
        Timer.builder("alm.dns.latency")
            .description("time from receipt to response built")
            .tag("pop", pop)
            .publishPercentileHistogram()
            .minimumExpectedValue(Duration.ofNanos(500))
            .maximumExpectedValue(Duration.ofMillis(100))
            .register(registry);
  }

  private static int index(int rcode, AnswerKind kind, boolean tcp) {
    int slot = rcode <= 5 ? rcode : RCODES - 1;
    return ((slot * KINDS.length) + kind.ordinal()) * 2 + (tcp ? 1 : 0);
  }

  @Override
  public void answered(Outcome o, boolean tcp, long latencyNanos) {
    queries[index(o.rcode(), o.kind(), tcp)].increment();
    latency.record(latencyNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void rateLimited(RrlAction action) {
    (action == RrlAction.SLIP ? slipped : rrlDropped).increment();
  }

  @Override
  public void dropped() {
    dropped.increment();
  }

  @Override
  public void tcpRefused() {
    tcpRefused.increment();
  }

  /** Counts for the status page: responses by answer kind and by rcode, RRL actions, drops. */
  public Map<String, Object> counts() {
    Map<String, Long> byKind = new LinkedHashMap<>();
    Map<String, Long> byRcode = new LinkedHashMap<>();
    long total = 0;
    for (int rc : SENT) {
      for (AnswerKind k : KINDS) {
        for (int t = 0; t < 2; t++) {
          long n = (long) queries[index(rc, k, t == 1)].count();
          if (n > 0) {
            total += n;
            byKind.merge(k.label(), n, Long::sum);
            byRcode.merge(Rcode.string(rc).toLowerCase(Locale.ROOT), n, Long::sum);
          }
        }
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("responses", total);
    out.put("byAnswer", byKind);
    out.put("byRcode", byRcode);
    out.put("rrlDropped", (long) rrlDropped.count());
    out.put("rrlSlipped", (long) slipped.count());
    out.put("dropped", (long) dropped.count());
    out.put("tcpRefused", (long) tcpRefused.count());
    return out;
  }
}
