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
 * @param beaconsSkipped beacons not sent because they were due more than {@link
 *     Users#MAX_BEACON_LAG_NANOS} ago (the machine could not keep up with the beacon rate)
 * @param lagSeconds how far behind schedule the users' requests were at the end
 * @param maxLagSeconds the most the requests were behind at any time of the run: a stall whose
 *     backlog then went out at once, as a burst no real population sends
 * @param maxLagAtSeconds when the request so late was due, seconds since the users' start
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
    long beaconsSkipped,
    double lagSeconds,
    double maxLagSeconds,
    double maxLagAtSeconds) {

  static UserCounts of(UserStats s, long lagNanos, long maxLagNanos, long maxLagDueNanos) {
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
        s.beaconsSkipped.sum(),
        lagNanos / 1e9,
        maxLagNanos / 1e9,
        maxLagDueNanos / 1e9);
  }
}
