package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyHomesTest {

  @Test
  void everyPopPicksTheSameHomeAndHomesAreSpreadEvenly() {
    KeyHomes a = new KeyHomes(List.of("ams", "fra", "lon", "par"));
    KeyHomes b = new KeyHomes(List.of("par", "lon", "fra", "ams"));
    int[] per = new int[4];
    for (long k = 0; k < 40_000; k++) {
      String home = a.members().get(a.home(KeyHomes.mix(k)));
      assertEquals(home, b.members().get(b.home(KeyHomes.mix(k))));
      per[a.home(KeyHomes.mix(k))]++;
    }
    for (int n : per) {
      assertTrue(n > 9_000 && n < 11_000, "per home " + n);
    }
  }

  @Test
  void aMemberLeavingMovesOnlyItsOwnKeys() {
    KeyHomes four = new KeyHomes(List.of("ams", "fra", "lon", "par"));
    KeyHomes three = new KeyHomes(List.of("ams", "fra", "lon"));
    for (long k = 0; k < 10_000; k++) {
      long key = KeyHomes.mix(k);
      String before = four.members().get(four.home(key));
      if (!before.equals("par")) {
        assertEquals(before, three.members().get(three.home(key)));
      }
    }
    assertThrows(IllegalArgumentException.class, () -> new KeyHomes(List.of()));
  }
}
