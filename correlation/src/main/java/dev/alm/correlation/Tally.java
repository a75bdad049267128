package dev.alm.correlation;

import dev.alm.io.InputException;
import dev.alm.traces.ReadReport;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts samples into {@link Counts}: one set when no time windows are given, else one per window
 * (samples outside every window are counted and left out). A sample naming a label that is not a
 * known PoP id is a bad line ({@link ReadReport#bad}); a sample naming a dropped label is counted
 * in {@link #droppedSamples()}.
 */
public final class Tally implements SampleSink {
  private final LabelIndex labels;
  private final List<TimeWindow> windows;
  private final ReadReport report;
  private final List<Counts> counts = new ArrayList<>();
  private long droppedSamples;
  private long outsideWindows;
  private long unknown;

  /**
   * @param windows the windows to count separately; empty counts everything in one set
   */
  public Tally(LabelIndex labels, List<TimeWindow> windows, ReadReport report) {
    this.labels = labels;
    this.windows = List.copyOf(windows);
    this.report = report;
    for (int k = 0; k < Math.max(1, windows.size()); k++) {
      counts.add(new Counts());
    }
  }

  @Override
  public void sample(long epochMillis, String from, String to, String source, long line)
      throws InputException {
    int i = labels.index(from);
    int j = labels.index(to);
    if (i == LabelIndex.UNKNOWN || j == LabelIndex.UNKNOWN) {
      unknown++;
      report.bad(source, line, "unknown PoP id '" + (i == LabelIndex.UNKNOWN ? from : to) + "'");
      return;
    }
    if (i == LabelIndex.DROPPED || j == LabelIndex.DROPPED) {
      droppedSamples++;
      return;
    }
    int k = window(epochMillis);
    if (k < 0) {
      outsideWindows++;
      return;
    }
    counts.get(k).add(i, j);
  }

  /** The window of {@code t}: 0 without windows, -1 outside every window. */
  public int window(long t) {
    return TimeWindow.index(windows, t);
  }

  /** The counts of window {@code k} (0 without windows). */
  public Counts counts(int k) {
    return counts.get(k);
  }

  public LabelIndex labels() {
    return labels;
  }

  /** Samples left out because folding dropped one of their labels. */
  public long droppedSamples() {
    return droppedSamples;
  }

  /** Samples left out because they fell in no window. */
  public long outsideWindows() {
    return outsideWindows;
  }

  /** Samples left out because a label was not a known PoP id (each also reported as a bad line). */
  public long unknownSamples() {
    return unknown;
  }
}
