package dev.alm.pop;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * FPS's flow sample (paper 001 section 3.2.2, Fig. 2 FPS-HANDLE-PACKET) for a requests/s customer,
 * where a flow is a client address: requests are sampled with a small probability, a sampled client
 * joins a set of {@link #CAPACITY} whose every request is then counted, and when the set is full
 * the client with the fewest requests makes room ("we continuously resample and discard small
 * flows"), so the set comes to hold the fastest clients. {@link #endInterval} gives MAXRATE(sample
 * set), the fastest client's request rate over the interval.
 *
 * <p>Why a client address: a TCP flow's rate is set by its own window and round trip; an HTTP
 * client's request rate is likewise set by its own concurrency and round trip (it sends the next
 * request when a response comes back), so a client behaves towards a limiter as a flow does, and
 * FPS's weight, the local limit over the fastest flow's rate, counts the clients this PoP could
 * serve at the rate of its fastest one. A connection would split one client's keep-alive and fresh
 * connections into several flows, and HTTP/2 multiplexes many requests on one.
 *
 * <p>Lock-free for clients in the set; a sampled newcomer takes a lock.
 */
final class ClientFlows {

  /** Clients held, as paper 001's sample of flows. */
  static final int CAPACITY = 10;

  /** The probability of sampling a request of a client not in the set. */
  static final double SAMPLE_PROBABILITY = 1.0 / 32;

  private final Map<String, LongAdder> sampled = new ConcurrentHashMap<>();

  /** Accounts one request of {@code client}. */
  void request(String client) {
    LongAdder a = sampled.get(client);
    if (a != null) {
      a.increment();
      return;
    }
    if (ThreadLocalRandom.current().nextDouble() >= SAMPLE_PROBABILITY) {
      return;
    }
    synchronized (this) {
      if (sampled.size() >= CAPACITY) {
        String smallest = null;
        long least = Long.MAX_VALUE;
        for (Map.Entry<String, LongAdder> e : sampled.entrySet()) {
          long v = e.getValue().sum();
          if (v < least) {
            least = v;
            smallest = e.getKey();
          }
        }
        sampled.remove(smallest);
      }
      sampled.computeIfAbsent(client, k -> new LongAdder()).increment();
    }
  }

  /**
   * The fastest sampled client's request rate over the {@code seconds} since the previous call, and
   * the counters restarted; 0 when none is sampled.
   */
  double endInterval(double seconds) {
    double max = 0;
    for (LongAdder a : sampled.values()) {
      max = Math.max(max, a.sumThenReset() / seconds);
    }
    return seconds > 0 ? max : 0;
  }

  /** Clients in the sample. */
  int size() {
    return sampled.size();
  }
}
