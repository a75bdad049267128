package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.PeerMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The limiters' messages in the simulator: each sent message is counted, lost with the scenario's
 * probability, or delivered at the end of the interval its delay reaches (at least the next one),
 * counted from the receiver's timer when the limiters' timers are unaligned. Mutable; one per run.
 *
 * @param <M> the message body type
 */
final class MessageNetwork<M extends PeerMessage> {
  private final int limiters;
  private final double loss;
  private final SplittableRandom lossRng;
  private final int delaySteps;
  private final int[][] pairSteps;
  private final List<Envelope<M>>[][] queue;
  private long messages;
  private long bytes;

  /**
   * @param limiters how many limiters
   * @param delay the one-way delay, seconds
   * @param interval the estimate interval, seconds
   * @param loss the probability that a message is lost
   * @param lossRng draws the losses
   * @param phases draws each limiter's timer phase (unaligned timers: a message waits for its
   *     receiver's next step, ceil((delay + phase_from - phase_to) / interval) intervals, at least
   *     1); null: aligned, every message ceil(delay / interval) intervals, at least 1
   */
  @SuppressWarnings("unchecked")
  MessageNetwork(
      int limiters,
      double delay,
      double interval,
      double loss,
      SplittableRandom lossRng,
      SplittableRandom phases) {
    this.limiters = limiters;
    this.loss = loss;
    this.lossRng = lossRng;
    delaySteps = Math.max(1, (int) Math.ceil(delay / interval - 1e-9));
    int slots = delaySteps + 1;
    if (phases != null) {
      double[] phase = new double[limiters];
      for (int i = 0; i < limiters; i++) {
        phase[i] = phases.nextDouble() * interval;
      }
      pairSteps = new int[limiters][limiters];
      for (int i = 0; i < limiters; i++) {
        for (int j = 0; j < limiters; j++) {
          pairSteps[i][j] =
              Math.max(1, (int) Math.ceil((delay + phase[i] - phase[j]) / interval - 1e-9));
          slots = Math.max(slots, pairSteps[i][j] + 1);
        }
      }
    } else {
      pairSteps = null;
    }
    queue = new List[slots][limiters];
    for (int s = 0; s < slots; s++) {
      for (int i = 0; i < limiters; i++) {
        queue[s][i] = new ArrayList<>(4);
      }
    }
  }

  /** What reaches limiter {@code i} at the end of interval {@code k}. */
  List<Envelope<M>> inbox(int k, int i) {
    List<Envelope<M>> inbox = queue[k % queue.length][i];
    return inbox.isEmpty() ? List.of() : inbox;
  }

  /** Empties limiter {@code i}'s inbox of interval {@code k}, once its step has read it. */
  void delivered(int k, int i) {
    queue[k % queue.length][i].clear();
  }

  /** Sends what a limiter's step at the end of interval {@code k} gave out. */
  void send(int k, List<Envelope<M>> outgoing) {
    for (Envelope<M> e : outgoing) {
      messages++;
      bytes += e.body().sizeBytes();
      if (loss > 0 && lossRng.nextDouble() < loss) {
        continue;
      }
      if (e.to() >= 0 && e.to() < limiters) {
        int d =
            pairSteps != null && e.from() >= 0 && e.from() < limiters
                ? pairSteps[e.from()][e.to()]
                : delaySteps;
        queue[(k + d) % queue.length][e.to()].add(e);
      }
    }
  }

  /** Messages sent so far, lost ones included. */
  long messages() {
    return messages;
  }

  /** Bytes sent so far, lost ones included. */
  long bytes() {
    return bytes;
  }
}
