package dev.alm.ratelimit.alloc;

import java.util.random.RandomGenerator;

/**
 * FPS's flow sample (paper 001 section 3.2.2, Fig. 2 FPS-HANDLE-PACKET): packets are sampled
 * uniformly with probability {@code resampleProbability}; a sampled packet's flow joins a
 * constant-size set with byte counters; when the set is full, the smallest flow is discarded to
 * make room ("we continuously resample and discard small flows"), so that the set comes to hold an
 * unbottlenecked flow. MAXRATE(sample set) is the fastest flow's rate over the last interval. This
 * runs on the data path (the simulator, or a proxy), per limiter; it is mutable.
 */
public final class FlowSample {
  private final long[] flows;
  private final double[] bytes;
  private final double[] lastRate;
  private int size;
  private final double resampleProbability;
  private final double packetBytes;

  /**
   * @param capacity flows held
   * @param resampleProbability probability of sampling each packet
   * @param packetBytes bytes per packet, to count packets from bytes
   */
  public FlowSample(int capacity, double resampleProbability, double packetBytes) {
    if (capacity < 1 || !(resampleProbability > 0 && resampleProbability <= 1)) {
      throw new IllegalArgumentException("capacity >= 1, probability in (0, 1]");
    }
    flows = new long[capacity];
    bytes = new double[capacity];
    lastRate = new double[capacity];
    this.resampleProbability = resampleProbability;
    this.packetBytes = packetBytes;
  }

  /**
   * Accounts {@code sentBytes} of flow {@code flow} forwarded during a tick: counts them if the
   * flow is sampled, else samples it with the probability that at least one of its packets is
   * picked.
   */
  public void observe(long flow, double sentBytes, RandomGenerator random) {
    if (sentBytes <= 0) {
      return;
    }
    for (int i = 0; i < size; i++) {
      if (flows[i] == flow) {
        bytes[i] += sentBytes;
        return;
      }
    }
    double packets = sentBytes / packetBytes;
    double p = 1 - Math.pow(1 - resampleProbability, packets);
    if (random.nextDouble() >= p) {
      return;
    }
    int slot = size;
    if (size == flows.length) {
      slot = 0;
      for (int i = 1; i < size; i++) {
        if (lastRate[i] + bytes[i] < lastRate[slot] + bytes[slot]) {
          slot = i;
        }
      }
    } else {
      size++;
    }
    flows[slot] = flow;
    bytes[slot] = sentBytes;
    lastRate[slot] = 0;
  }

  /**
   * Ends an interval: returns the fastest sampled flow's rate over it (units/s, 0 when empty) and
   * resets the counters.
   */
  public double endInterval(double intervalSeconds) {
    double max = 0;
    for (int i = 0; i < size; i++) {
      lastRate[i] = bytes[i] / intervalSeconds;
      max = Math.max(max, lastRate[i]);
      bytes[i] = 0;
    }
    return max;
  }

  /** Flows in the sample. */
  public int size() {
    return size;
  }

  /** Drops a flow that ended. */
  public void forget(long flow) {
    for (int i = 0; i < size; i++) {
      if (flows[i] == flow) {
        size--;
        flows[i] = flows[size];
        bytes[i] = bytes[size];
        lastRate[i] = lastRate[size];
        return;
      }
    }
  }
}
