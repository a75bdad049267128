package dev.alm.dns;

/**
 * What the DNS server reports about its work. A small interface so the answering path stays free of
 * a metrics library; {@link #NONE} does nothing, {@link MicrometerDnsMetrics} binds it to
 * Micrometer.
 */
public interface DnsMetrics {

  /**
   * One response sent (or rate limited), with the time from receipt to the response being built.
   */
  void answered(Outcome outcome, boolean tcp, long latencyNanos);

  /** Response-rate limiting acted on a UDP response (DROP or SLIP; SEND is not reported). */
  void rateLimited(RrlAction action);

  /** A message was dropped unanswered (unparseable, or a response). */
  void dropped();

  /** A TCP connection was refused because the cap was reached. */
  void tcpRefused();

  /** Metrics that go nowhere. */
  DnsMetrics NONE =
      new DnsMetrics() {
        @Override
        public void answered(Outcome outcome, boolean tcp, long latencyNanos) {}

        @Override
        public void rateLimited(RrlAction action) {}

        @Override
        public void dropped() {}

        @Override
        public void tcpRefused() {}
      };
}
