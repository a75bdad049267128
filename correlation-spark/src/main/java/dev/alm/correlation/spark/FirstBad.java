package dev.alm.correlation.spark;

import dev.alm.traces.BadLine;
import dev.alm.traces.ReadReport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The bad lines of one file counted, with the first few (by line) kept: a bounded aggregate, so a
 * file whose every line is bad costs no memory.
 */
final class FirstBad implements Serializable {
  private long count;
  private final List<BadLine> first = new ArrayList<>();

  FirstBad add(BadLine b) {
    count++;
    first.add(b);
    trim();
    return this;
  }

  FirstBad merge(FirstBad o) {
    count += o.count;
    first.addAll(o.first);
    trim();
    return this;
  }

  private void trim() {
    first.sort(Comparator.comparingLong(BadLine::line));
    while (first.size() > ReadReport.EXAMPLES_PER_FILE) {
      first.remove(first.size() - 1);
    }
  }

  long count() {
    return count;
  }

  List<BadLine> first() {
    return first;
  }
}
