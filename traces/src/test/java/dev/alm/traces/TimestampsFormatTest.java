package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Trace timestamps: ISO-8601 UTC with exactly three fraction digits, and back. */
class TimestampsFormatTest {

  @Test
  void formatsWithMillisecondsAndParsesBack() {
    assertEquals("1970-01-01T00:00:00.000Z", Timestamps.format(0));
    assertEquals("2009-02-13T23:31:30.123Z", Timestamps.format(1234567890123L));
    assertEquals("2009-02-13T23:31:30.007Z", Timestamps.format(1234567890007L));
    Random rng = new Random(1);
    for (int i = 0; i < 10_000; i++) {
      long t = 1_700_000_000_000L + (long) (rng.nextDouble() * 1e11);
      String s = Timestamps.format(t);
      assertEquals(t, Timestamps.parseMillis(s), s);
      assertEquals(t, Instant.parse(s).toEpochMilli(), s);
    }
  }
}
