package dev.alm.app;

import dev.alm.loop.Sample;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * {@code alm cluster}'s live table: one line per control interval, every PoP's x_i, S_i/T_i, price,
 * beta_i and mode, or only x_i and S_i/T_i when the fleet is wide.
 */
final class ClusterLiveTable {
  private ClusterLiveTable() {}

  /** Prints the interval's line and flushes. */
  static void printRow(PrintWriter o, List<Sample> interval, boolean wide) {
    StringBuilder b =
        new StringBuilder(String.format(Locale.ROOT, "t=%5.1fs", interval.get(0).t()));
    for (Sample s : interval) {
      if (wide) {
        b.append(String.format(Locale.ROOT, " %s:%.2f/%.2f", s.pop(), s.x(), s.ratio()));
      } else {
        b.append(
            String.format(
                Locale.ROOT,
                " | %s x=%.3f S/T=%.2f mu=%.2f beta=%.2f %s",
                s.pop(),
                s.x(),
                s.ratio(),
                s.mu(),
                s.beta(),
                s.mode()));
      }
    }
    o.println(b);
    o.flush();
  }
}
