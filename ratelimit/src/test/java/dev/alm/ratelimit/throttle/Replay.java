package dev.alm.ratelimit.throttle;

import java.util.ArrayList;
import java.util.List;

/** Replays a trace of requests through a limiter and keeps what it admitted. */
final class Replay {

  /** One admitted request: arrival time, release time (arrival + delay) and permits. */
  record Admitted(long at, long release, int permits) {}

  private Replay() {}

  /**
   * Requests at cumulative times {@code start + sum(gaps[0..i])} with {@code permits[i]}.
   *
   * @return the admitted requests in arrival order
   */
  static List<Admitted> run(Limiter limiter, long start, List<Long> gaps, List<Integer> permits) {
    List<Admitted> out = new ArrayList<>();
    long t = start;
    for (int i = 0; i < gaps.size(); i++) {
      t += gaps.get(i);
      int p = permits.get(i % permits.size());
      Decision d = limiter.tryAcquire(p, t);
      if (d.admitted()) {
        out.add(new Admitted(t, t + d.delayNanos(), p));
      }
    }
    return out;
  }

  /** The most permits admitted (by arrival time) in any interval {@code [a, a + length)}. */
  static long maxInAnyInterval(List<Admitted> admitted, long length) {
    long best = 0;
    for (int i = 0; i < admitted.size(); i++) {
      long sum = 0;
      long end = admitted.get(i).at() + length;
      for (int j = i; j < admitted.size() && admitted.get(j).at() < end; j++) {
        sum += admitted.get(j).permits();
      }
      best = Math.max(best, sum);
    }
    return best;
  }
}
