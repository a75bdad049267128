package dev.alm.app.drl;

import dev.alm.ratelimit.throttle.KeyedThrottler;
import dev.alm.ratelimit.throttle.Limiter;
import dev.alm.ratelimit.throttle.LimiterConfig;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;

/** The figures of {@code alm drl bench}'s decisions part, one throttler or the peer at a time. */
final class DecisionTimings {

  private DecisionTimings() {}

  /**
   * One throttler's ns per decision: one limiter on the synthetic clock, on System.nanoTime, shared
   * by two threads; in a key table, one hot key, many keys, and both from two threads.
   */
  static double[] throttler(
      DecisionTimer timer, LimiterConfig c, long tableSize, String[] hot, String[] many)
      throws InterruptedException {
    double syn = timer.run(DecisionTimer.limiterSynthetic(c.newLimiter(), 100)).nsPerDecision();
    double nt = timer.run(DecisionTimer.limiter(c.newLimiter(), System::nanoTime)).nsPerDecision();
    Limiter shared = c.newLimiter();
    double two =
        timer
            .run(
                DecisionTimer.limiter(shared, System::nanoTime),
                DecisionTimer.limiter(shared, System::nanoTime))
            .nsPerDecision();
    KeyedThrottler<String> t1 = table(c, tableSize);
    double tHot = timer.run(DecisionTimer.keyed(t1, hot)).nsPerDecision();
    KeyedThrottler<String> t2 = table(c, tableSize);
    double tMany = timer.run(DecisionTimer.keyed(t2, many)).nsPerDecision();
    KeyedThrottler<String> t3 = table(c, tableSize);
    double twoHot =
        timer.run(DecisionTimer.keyed(t3, hot), DecisionTimer.keyed(t3, hot)).nsPerDecision();
    KeyedThrottler<String> t4 = table(c, tableSize);
    double twoMany =
        timer.run(DecisionTimer.keyed(t4, many), DecisionTimer.keyed(t4, many)).nsPerDecision();
    return new double[] {syn, nt, two, tHot, tMany, twoHot, twoMany};
  }

  /**
   * The peer's ns per decision: Bucket4j's LocalBucket on the synthetic clock, nanoTime, two
   * threads.
   */
  static double[] peer(DecisionTimer timer) throws InterruptedException {
    System.err.println("alm drl bench: timing Bucket4j LocalBucket (peer)");
    Bucket synBucket = DrlBenchCommand.bucket4j(DrlBenchCommand.syntheticTime(100));
    double pSyn = timer.run(i -> synBucket.tryConsume(1) ? 1 : 0).nsPerDecision();
    Bucket ntBucket = DrlBenchCommand.bucket4j(TimeMeter.SYSTEM_NANOTIME);
    double pNt = timer.run(i -> ntBucket.tryConsume(1) ? 1 : 0).nsPerDecision();
    Bucket twoBucket = DrlBenchCommand.bucket4j(TimeMeter.SYSTEM_NANOTIME);
    double pTwo =
        timer
            .run(i -> twoBucket.tryConsume(1) ? 1 : 0, i -> twoBucket.tryConsume(1) ? 1 : 0)
            .nsPerDecision();
    return new double[] {pSyn, pNt, pTwo};
  }

  /** A key table of {@code size} keys, each forgotten after ten minutes idle. */
  static KeyedThrottler<String> table(LimiterConfig c, long size) {
    return new KeyedThrottler<>(new KeyedThrottler.Config(c, size, 600 * DrlBenchCommand.SECOND));
  }
}
