package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TimestampsTest {
  private static final DateTimeFormatter JAVA =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  @Test
  void handWrittenFormatAndParseAgreeWithJavaTime() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int k = 0; k < 20_000; k++) {
      long ms = rnd.nextLong(-5_000_000_000_000L, 5_000_000_000_000L);
      String s = Timestamps.format(ms);
      assertEquals(JAVA.format(Instant.ofEpochMilli(ms)), s);
      assertEquals(ms, Timestamps.parseMillis(s));
      assertEquals(Instant.parse(s).toEpochMilli(), Timestamps.parseMillis(s));
    }
    assertEquals(
        "2024-02-29T23:59:59.999Z",
        Timestamps.format(Instant.parse("2024-02-29T23:59:59.999Z").toEpochMilli()));
    assertEquals(
        Instant.parse("2021-05-15T09:45:00Z").toEpochMilli(),
        Timestamps.parseMillis("2021-05-15T09:45:00Z"));
    assertEquals(1_500L, Timestamps.parseMillis("1.5"));
    assertEquals(
        Instant.parse("2021-05-15T09:45:00.123456Z").toEpochMilli(),
        Timestamps.parseMillis("2021-05-15T09:45:00.123456Z"));
  }

  @Test
  void badTimestampsAreRejectedWithTheText() {
    for (String s :
        new String[] {
          "2021-02-30T00:00:00Z",
          "2021-13-01T00:00:00Z",
          "yesterday",
          "",
          "12:00",
          "2021-05-15 09:45:00",
          "1e999"
        }) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Timestamps.parseMillis(s));
      assertEquals(true, e.getMessage().contains("timestamp"), e.getMessage());
    }
  }
}
