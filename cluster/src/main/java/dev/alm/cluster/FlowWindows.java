package dev.alm.cluster;

import java.util.concurrent.atomic.AtomicLongArray;

/** Bytes each long download received in 1 s windows: written by the flows, read after the run. */
public final class FlowWindows {

  private final int flows;
  private final int windows;
  private final AtomicLongArray bytes;

  public FlowWindows(int flows, int windows) {
    this.flows = flows;
    this.windows = windows;
    this.bytes = new AtomicLongArray(flows * windows);
  }

  public int flows() {
    return flows;
  }

  public int windows() {
    return windows;
  }

  /** Adds {@code n} bytes received by {@code flow} in {@code window} (outside the run: ignored). */
  public void add(int flow, int window, long n) {
    if (window >= 0 && window < windows) {
      bytes.addAndGet(window * flows + flow, n);
    }
  }

  public long bytes(int flow, int window) {
    return bytes.get(window * flows + flow);
  }

  /** Bytes of every flow in {@code window}. */
  public long total(int window) {
    long s = 0;
    for (int f = 0; f < flows; f++) {
      s += bytes(f, window);
    }
    return s;
  }
}
