package dev.alm.loadgen;

/**
 * What one PoP's users did over a run, for the report: achieved rates are these counts over the
 * run's seconds.
 *
 * @param requests requests the users made
 * @param toL1 of which resolved to L1 (sent to a proxy)
 * @param toL2 of which resolved to L2 (sent to the datacenter)
 * @param ok answered 200
 * @param shed answered 503 by admission control
 * @param failed failed (no DNS answer, connection refused, timeout, other status)
 * @param dnsQueries DNS queries sent (CDN names and beacons)
 * @param dnsFailures queries unanswered
 * @param staleAnswers requests that followed an expired answer because the DNS server did not
 *     answer
 * @param beacons beacon queries
 * @param probes probe requests sent (FastControl probes, fetched from L1)
 * @param beaconFetches correlation beacons fetched from L1 ({@code alm lab}'s users; 0 in {@code
 *     alm cluster}, whose users send none)
 * @param lagSeconds how far behind schedule the users were at the end
 * @param maxLagSeconds the most they were behind at any time of the run
 */
public record UserCounts(
    long requests,
    long toL1,
    long toL2,
    long ok,
    long shed,
    long failed,
    long dnsQueries,
    long dnsFailures,
    long staleAnswers,
    long beacons,
    long probes,
    long beaconFetches,
    double lagSeconds,
    double maxLagSeconds) {

  static UserCounts of(UserStats s) {
    return new UserCounts(
        s.requests.sum(),
        s.toL1.sum(),
        s.toL2.sum(),
        s.ok.sum(),
        s.shed.sum(),
        s.failed.sum(),
        s.dnsQueries.sum(),
        s.dnsFailures.sum(),
        s.staleAnswers.sum(),
        s.beacons.sum(),
        s.probes.sum(),
        s.beaconFetches.sum(),
        s.lagNanos / 1e9,
        s.maxLagNanos / 1e9);
  }
}
