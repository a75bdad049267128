package dev.alm.correlation.spark;

import dev.alm.correlation.BeaconJoin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * The beacon join for one beacon name: its halves in the order the in-process join reads them (join
 * clock, then file order, then line), through the in-process rule ({@link BeaconJoin#expired},
 * {@link BeaconJoin#joins}). A pure function of the name's halves.
 */
public final class KeyJoin {
  /** The order in which the in-process join's merge of the logs reads halves. */
  public static final Comparator<Half> READ_ORDER =
      Comparator.comparingLong(Half::getClock)
          .thenComparingInt(Half::getFile)
          .thenComparingLong(Half::getLine);

  private KeyJoin() {}

  /** What became of the halves of one beacon name. */
  public static List<Outcome> join(Iterator<Half> halves, long windowMillis) {
    List<Half> all = new ArrayList<>(2);
    halves.forEachRemaining(all::add);
    all.sort(READ_ORDER);
    List<Outcome> out = new ArrayList<>(1);
    Half p = null;
    for (Half h : all) {
      if (p != null && BeaconJoin.expired(p.getT(), h.getClock(), windowMillis)) {
        out.add(unjoined(p));
        p = null;
      }
      if (p == null) {
        p = h;
      } else if (BeaconJoin.joins(p.isDns(), p.getT(), h.isDns(), h.getT(), windowMillis)) {
        Half answer = h.isDns() ? h : p;
        Half request = h.isDns() ? p : h;
        out.add(
            new Outcome(
                Outcome.SAMPLE,
                answer.getPop(),
                request.getPop(),
                h.getFile(),
                h.getLine(),
                answer.getT()));
        p = null;
      } else {
        out.add(new Outcome(Outcome.DUPLICATE, null, null, h.getFile(), h.getLine(), h.getT()));
      }
    }
    if (p != null) {
      out.add(unjoined(p));
    }
    return out;
  }

  private static Outcome unjoined(Half p) {
    return new Outcome(
        p.isDns() ? Outcome.UNJOINED_ANSWER : Outcome.UNJOINED_REQUEST,
        null,
        null,
        p.getFile(),
        p.getLine(),
        p.getT());
  }
}
