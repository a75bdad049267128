package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Listeners sharing one descriptor limit: their caps together leave the reserve free. */
class FileDescriptorsProperties {

  @Property
  void sharesStayUnderTheLimitAndNeverAboveWhatWasConfigured(
      @ForAll @LongRange(min = -1, max = 300_000) long limit,
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 1, max = 100_000) Integer> configured) {
    int[] c = configured.stream().mapToInt(Integer::intValue).toArray();
    int[] caps = FileDescriptors.shareBelowLimit(limit, c);
    long sum = Arrays.stream(c).asLongStream().sum();
    long shared = Arrays.stream(caps).asLongStream().sum();
    for (int i = 0; i < c.length; i++) {
      assertTrue(caps[i] >= 1 && caps[i] <= c[i], "cap " + i + ": " + caps[i] + " of " + c[i]);
    }
    if (limit <= 0 || sum <= limit - FileDescriptors.RESERVE) {
      assertArrayEquals(c, caps, "they fit, or the limit is unknown: as configured");
    } else {
      // each lowered in proportion (rounded down), never below 1
      long ones = Arrays.stream(caps).filter(x -> x == 1).count();
      long room = Math.max(c.length, limit - FileDescriptors.RESERVE);
      assertTrue(shared <= room + ones, shared + " > " + room);
      if (Arrays.stream(c).min().getAsInt() * room >= sum) {
        assertTrue(shared <= room, shared + " > " + room);
      }
    }
  }

  @Test
  void aPopWithTheDefaultCapsUnderFourThousandDescriptors() {
    assertArrayEquals(
        new int[] {3561, 222, 55}, FileDescriptors.shareBelowLimit(4096, 16_384, 1024, 256));
    assertArrayEquals(
        new int[] {16_384, 1024, 256}, FileDescriptors.shareBelowLimit(20_000, 16_384, 1024, 256));
  }
}
