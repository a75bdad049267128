package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ReplayWindowTest {

  /** Each sequence number is accepted at most once, whatever the arrival order. */
  @Property(tries = 300)
  void neverAcceptsTheSameNumberTwice(
      @ForAll @Size(max = 200) List<@IntRange(min = 1, max = 150) Integer> arrivals) {
    ReplayWindow w = new ReplayWindow();
    Set<Integer> accepted = new HashSet<>();
    long highest = 0;
    for (int s : arrivals) {
      boolean fresh = w.fresh(5, s);
      if (fresh) {
        w.accept(5, s);
        assertTrue(accepted.add(s), "accepted twice: " + s);
        highest = Math.max(highest, s);
      } else {
        // refused only if seen, or too far below the highest
        assertTrue(accepted.contains(s) || highest - s >= ReplayWindow.WIDTH, "refused " + s);
      }
    }
  }

  @Test
  void aNewerIncarnationResetsAnOlderOneIsRefused() {
    ReplayWindow w = new ReplayWindow();
    w.accept(10, 500);
    assertFalse(w.fresh(10, 500));
    assertFalse(w.fresh(9, 1000), "older incarnation");
    assertTrue(w.fresh(11, 1), "restart");
    w.accept(11, 1);
    assertEquals(11, w.incarnation());
    assertFalse(w.fresh(10, 501));
    assertFalse(w.fresh(11, 0));
  }
}
