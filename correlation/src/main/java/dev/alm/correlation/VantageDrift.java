package dev.alm.correlation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * For paired observations compared across two windows: the share of vantage points seen on the
 * DNS-layer service in both windows whose site changed, before and after folding (the Quad9 trace:
 * 13% of probes changed IPv4 site between its two dates, 5% at metro level). Memory: one entry per
 * vantage point and window.
 */
public final class VantageDrift implements PairedEstimator.DnsSideObserver {

  /**
   * @param vantages vantage points seen in both windows
   * @param changed of those, how many were at another site
   * @param changedFolded of those, how many were at another node after folding
   */
  public record Result(long vantages, long changed, long changedFolded) {
    public double share() {
      return vantages == 0 ? Double.NaN : (double) changed / vantages;
    }

    public double shareFolded() {
      return vantages == 0 ? Double.NaN : (double) changedFolded / vantages;
    }
  }

  /**
   * Vantage points seen in both windows, first at site {@code first} and first in the second window
   * at site {@code later}.
   *
   * @param vantages how many vantage points moved so (1 for one vantage point)
   */
  public record Move(String first, String later, long vantages) {}

  private final List<TimeWindow> windows;
  private final LabelFolding folding;
  private final Map<String, String> first = new HashMap<>();
  private final Map<String, String> second = new HashMap<>();

  /**
   * @param windows exactly two windows
   */
  public VantageDrift(List<TimeWindow> windows, LabelFolding folding) {
    if (windows.size() != 2) {
      throw new IllegalArgumentException("vantage drift needs two windows, got " + windows.size());
    }
    this.windows = List.copyOf(windows);
    this.folding = folding;
  }

  @Override
  public void observe(long epochMillis, String vantage, String site) {
    if (windows.get(0).contains(epochMillis)) {
      first.putIfAbsent(vantage, site);
    } else if (windows.get(1).contains(epochMillis)) {
      second.putIfAbsent(vantage, site);
    }
  }

  /** The shares so far. */
  public Result result() {
    return of(moves(), folding);
  }

  /** Every vantage point seen in both windows so far, with its first site in each. */
  public List<Move> moves() {
    List<Move> out = new ArrayList<>();
    for (Map.Entry<String, String> e : first.entrySet()) {
      String later = second.get(e.getKey());
      if (later != null) {
        out.add(new Move(e.getValue(), later, 1));
      }
    }
    return out;
  }

  /**
   * The shares of vantage points that changed site, and node after {@code folding}, among {@code
   * moves} (of one engine or summed over the parts of a job).
   */
  public static Result of(Iterable<Move> moves, LabelFolding folding) {
    long both = 0;
    long changed = 0;
    long changedFolded = 0;
    for (Move m : moves) {
      both += m.vantages();
      if (!m.later().equals(m.first())) {
        changed += m.vantages();
        String a = folding.fold(m.first());
        String b = folding.fold(m.later());
        if (a == null ? b != null : !a.equals(b)) {
          changedFolded += m.vantages();
        }
      }
    }
    return new Result(both, changed, changedFolded);
  }
}
