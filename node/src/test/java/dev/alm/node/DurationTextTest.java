package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Durations on the command line: a limit that may be off takes 0 in any of the forms. */
class DurationTextTest {

  @Test
  void theFormsParse() {
    assertEquals(Duration.ofMillis(500), DurationText.parse("500ms"));
    assertEquals(Duration.ofMinutes(2), DurationText.parse("2m"));
    assertEquals(Duration.ofMillis(1500), DurationText.parse("1.5"));
  }

  @Test
  void zeroIsRefusedUnlessTheLimitMayBeOff() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DurationText.parse("0s"));
    assertTrue(e.getMessage().contains("longer than 0"), e.getMessage());
    for (String zero : new String[] {"0", "0s", "0.0ms", "00m"}) {
      assertEquals(Duration.ZERO, DurationText.parseOrZero(zero), zero);
    }
    IllegalArgumentException negative =
        assertThrows(IllegalArgumentException.class, () -> DurationText.parseOrZero("-1s"));
    assertTrue(negative.getMessage().contains("0 or longer"), negative.getMessage());
    assertEquals(Duration.ofSeconds(4), DurationText.parseOrZero("4s"));
  }
}
