package dev.alm.loadgen;

import java.util.concurrent.atomic.LongAdder;

/**
 * What one set of simulated users did: requests by outcome, DNS queries, beacons, probes and
 * correlation beacons fetched.
 */
final class UserStats {
  final LongAdder requests = new LongAdder();
  final LongAdder toL1 = new LongAdder();
  final LongAdder toL2 = new LongAdder();
  final LongAdder ok = new LongAdder();
  final LongAdder shed = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder dnsQueries = new LongAdder();
  final LongAdder dnsFailures = new LongAdder();
  final LongAdder staleAnswers = new LongAdder();
  final LongAdder beacons = new LongAdder();
  final LongAdder probes = new LongAdder();
  final LongAdder beaconFetches = new LongAdder();

  final LongAdder beaconsSkipped = new LongAdder();

  /** Counts a request's outcome: 200 ok, 503 shed, anything else (or -1) failed. */
  void count(int status) {
    if (status == 200) {
      ok.increment();
    } else if (status == 503) {
      shed.increment();
    } else {
      failed.increment();
    }
  }
}
