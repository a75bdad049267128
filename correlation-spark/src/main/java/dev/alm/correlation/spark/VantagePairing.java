package dev.alm.correlation.spark;

import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.PairedEstimator;
import dev.alm.correlation.TimeWindow;
import dev.alm.correlation.VantageDrift;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * The paired estimator for one vantage point: its observations in the order the in-process
 * estimator reads them (file order, then line), through the in-process rule ({@link
 * PairedEstimator#expired}, {@link PairedEstimator#pairs}). A pure function of the vantage point's
 * observations and the clock at each.
 *
 * <p>The in-process estimator gives up a pending observation once the latest time read is more than
 * a window past it; here the latest time read before an observation is the larger of its file's
 * clock and the latest time of every earlier file ({@code filesBefore}). The two agree whenever the
 * in-process eviction reaches every expired observation, which it does when the files are read in
 * time order (measurement exports, partitions by hour); the in-process estimator stops evicting at
 * the first observation still inside the window in the order they were put aside, so on files far
 * out of time order the two may count a different number of pairs.
 */
public final class VantagePairing {
  /** The order in which the in-process estimator reads observations. */
  public static final Comparator<Sighting> READ_ORDER =
      Comparator.comparingInt(Sighting::getFile).thenComparingLong(Sighting::getLine);

  private VantagePairing() {}

  /**
   * What became of one vantage point's observations: a sample (DNS site, HTTP site) per pair, at
   * the line of the observation that completed it, and one {@link Outcome#UNPAIRED} per observation
   * that found no partner.
   *
   * @param filesBefore for file k, the latest time of files 0..k-1 ({@code Long.MIN_VALUE} for
   *     none)
   */
  public static List<Outcome> pair(Iterator<Sighting> seen, long windowMillis, long[] filesBefore) {
    List<Sighting> all = new ArrayList<>(2);
    seen.forEachRemaining(all::add);
    all.sort(READ_ORDER);
    List<Outcome> out = new ArrayList<>(1);
    Sighting p = null;
    for (Sighting s : all) {
      long latest = Math.max(s.getClock(), filesBefore[s.getFile()]);
      if (p != null && PairedEstimator.expired(p.getT(), latest, windowMillis)) {
        out.add(unpaired(p));
        p = null;
      }
      if (p != null
          && PairedEstimator.pairs(p.isDns(), p.getT(), s.isDns(), s.getT(), windowMillis)) {
        Sighting dns = s.isDns() ? s : p;
        Sighting http = s.isDns() ? p : s;
        out.add(
            new Outcome(
                Outcome.SAMPLE,
                dns.getSite(),
                http.getSite(),
                s.getFile(),
                s.getLine(),
                dns.getT()));
        p = null;
        continue;
      }
      if (p != null) {
        out.add(unpaired(p));
      }
      p = s;
    }
    if (p != null) {
      out.add(unpaired(p));
    }
    return out;
  }

  /**
   * The vantage point's move between two compared windows, as the in-process {@link VantageDrift}
   * sees it (its first DNS-side site in each window, in read order): one {@link Outcome#MOVED} from
   * the first site to the later one when it was seen in both, else none.
   */
  public static List<Outcome> moves(List<Sighting> seen, List<TimeWindow> windows) {
    List<Sighting> all = new ArrayList<>(seen);
    all.sort(READ_ORDER);
    VantageDrift d = new VantageDrift(windows, LabelFolding.identity());
    for (Sighting s : all) {
      if (s.isDns()) {
        d.observe(s.getT(), s.getVantage(), s.getSite());
      }
    }
    List<Outcome> out = new ArrayList<>(1);
    for (VantageDrift.Move m : d.moves()) {
      Sighting last = all.get(all.size() - 1);
      out.add(
          new Outcome(
              Outcome.MOVED, m.first(), m.later(), last.getFile(), last.getLine(), last.getT()));
    }
    return out;
  }

  private static Outcome unpaired(Sighting p) {
    return new Outcome(Outcome.UNPAIRED, null, null, p.getFile(), p.getLine(), p.getT());
  }
}
