package dev.alm.io;

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

/** RFC 4303's sliding window, for senders with and without incarnations. */
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

  /** Without incarnations: in order, out of order within the width, once each, not too far back. */
  @Test
  void oneNumberingAcceptsOutOfOrderWithinTheWidth() {
    ReplayWindow w = new ReplayWindow();
    assertFalse(w.fresh(0), "numbers start at 1");
    assertTrue(w.fresh(1));
    w.accept(1);
    assertFalse(w.fresh(1));
    assertTrue(w.fresh(100));
    w.accept(100);
    assertTrue(w.fresh(99 - ReplayWindow.WIDTH + 2), "just inside the window");
    assertFalse(w.fresh(100 - ReplayWindow.WIDTH), "just below it");
    assertTrue(w.fresh(70));
    w.accept(70);
    assertFalse(w.fresh(70));
    assertTrue(w.fresh(71));
    assertEquals(Long.MIN_VALUE, w.incarnation(), "no incarnation named");
  }

  /** A jump of the width or more forgets everything below the new highest. */
  @Test
  void aLongJumpClearsTheBitmap() {
    ReplayWindow w = new ReplayWindow();
    w.accept(5);
    w.accept(5 + ReplayWindow.WIDTH);
    assertFalse(w.fresh(5 + ReplayWindow.WIDTH));
    assertTrue(w.fresh(6 + 1), "not seen, within the window");
    assertFalse(w.fresh(5), "at the width below: refused");
  }

  /** Without incarnations, the property holds the same as with one. */
  @Property(tries = 300)
  void oneNumberingNeverAcceptsTheSameNumberTwice(
      @ForAll @Size(max = 200) List<@IntRange(min = 1, max = 150) Integer> arrivals) {
    ReplayWindow w = new ReplayWindow();
    Set<Integer> accepted = new HashSet<>();
    for (int s : arrivals) {
      if (w.fresh(s)) {
        w.accept(s);
        assertTrue(accepted.add(s), "accepted twice: " + s);
      }
    }
  }
}
