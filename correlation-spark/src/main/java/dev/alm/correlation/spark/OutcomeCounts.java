package dev.alm.correlation.spark;

import dev.alm.correlation.Counts;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.VantageDrift;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The driver's tally of the job's outcomes, counted per (kind, window, row label, column label), as
 * the in-process {@link dev.alm.correlation.Tally} counts samples: labels folded and numbered by
 * {@link LabelIndex} (every label of a sample becomes a node, whatever its window), a sample naming
 * an unknown PoP id left out and counted (whatever its window), then one naming a dropped label,
 * then one outside every compared window; the rest counted in its window. A pure function of the
 * counted outcomes.
 */
final class OutcomeCounts {

  /**
   * One group of outcomes.
   *
   * @param kind an {@link Outcome} kind
   * @param window the compared window of a sample (0 without windows, -1 outside both)
   * @param n how many
   */
  record Counted(int kind, int window, String from, String to, long n) {}

  /** The counts of each window (one set without windows). */
  final List<Counts> counts = new ArrayList<>();

  /** Outcomes by kind, samples whatever their labels and windows. */
  final long[] kinds = new long[Outcome.KINDS];

  /** Raw labels of samples that named an unknown PoP id. */
  final Set<String> unknownLabels = new HashSet<>();

  /** The vantage points' moves between the two windows (paired observations). */
  final List<VantageDrift.Move> moves = new ArrayList<>();

  long unknownSamples;
  long droppedSamples;
  long outsideWindows;

  private OutcomeCounts() {}

  /**
   * Tallies {@code counted} into {@code labels}.
   *
   * @param windows how many windows are compared (0 without)
   */
  static OutcomeCounts of(List<Counted> counted, LabelIndex labels, int windows) {
    OutcomeCounts t = new OutcomeCounts();
    for (int k = 0; k < Math.max(1, windows); k++) {
      t.counts.add(new Counts());
    }
    List<Counted> samples = new ArrayList<>();
    for (Counted c : counted) {
      t.kinds[c.kind()] += c.n();
      if (c.kind() == Outcome.SAMPLE) {
        samples.add(c);
      } else if (c.kind() == Outcome.MOVED) {
        t.moves.add(new VantageDrift.Move(c.from(), c.to(), c.n()));
      }
    }
    samples.sort(
        Comparator.comparing(Counted::from)
            .thenComparing(Counted::to)
            .thenComparingInt(Counted::window));
    for (Counted c : samples) {
      int i = labels.index(c.from(), c.n());
      int j = labels.index(c.to(), c.n());
      if (i == LabelIndex.UNKNOWN) {
        t.unknownLabels.add(c.from());
      }
      if (j == LabelIndex.UNKNOWN) {
        t.unknownLabels.add(c.to());
      }
      if (i == LabelIndex.UNKNOWN || j == LabelIndex.UNKNOWN) {
        t.unknownSamples += c.n();
      } else if (i == LabelIndex.DROPPED || j == LabelIndex.DROPPED) {
        t.droppedSamples += c.n();
      } else if (c.window() < 0) {
        t.outsideWindows += c.n();
      } else {
        t.counts.get(c.window()).add(i, j, c.n());
      }
    }
    return t;
  }
}
