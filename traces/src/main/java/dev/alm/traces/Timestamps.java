package dev.alm.traces;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Timestamps in trace files: ISO-8601 in UTC with milliseconds ({@code 2026-11-22T10:15:30.123Z}).
 *
 * <p>The common shapes ({@code uuuu-MM-ddTHH:mm:ssZ} and {@code uuuu-MM-ddTHH:mm:ss.SSSZ}) are
 * parsed and formatted by hand: {@link Instant#parse} and {@link DateTimeFormatter} cost about a
 * microsecond per call, which alone would hold a log reader under a million lines per second.
 * Anything else goes through {@link Instant#parse}.
 */
public final class Timestamps {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
  private static final long MIN_FAST = -62135596800000L; // 0001-01-01T00:00:00Z
  private static final long MAX_FAST = 253402300799999L; // 9999-12-31T23:59:59.999Z

  private Timestamps() {}

  /** Formats epoch milliseconds, always with three fraction digits. */
  public static String format(long epochMillis) {
    if (epochMillis < MIN_FAST || epochMillis > MAX_FAST) {
      return FORMAT.format(Instant.ofEpochMilli(epochMillis));
    }
    long days = Math.floorDiv(epochMillis, 86_400_000L);
    int msOfDay = (int) Math.floorMod(epochMillis, 86_400_000L);
    // civil-from-days (H. Hinnant), proleptic Gregorian
    long z = days + 719468;
    long era = Math.floorDiv(z, 146097);
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long y = yoe + era * 400;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    int d = (int) (doy - (153 * mp + 2) / 5 + 1);
    int m = (int) (mp < 10 ? mp + 3 : mp - 9);
    if (m <= 2) {
      y++;
    }
    char[] c = new char[24];
    put(c, 0, (int) y, 4);
    c[4] = '-';
    put(c, 5, m, 2);
    c[7] = '-';
    put(c, 8, d, 2);
    c[10] = 'T';
    put(c, 11, msOfDay / 3_600_000, 2);
    c[13] = ':';
    put(c, 14, msOfDay / 60_000 % 60, 2);
    c[16] = ':';
    put(c, 17, msOfDay / 1000 % 60, 2);
    c[19] = '.';
    put(c, 20, msOfDay % 1000, 3);
    c[23] = 'Z';
    return new String(c);
  }

  private static void put(char[] c, int at, int value, int width) {
    for (int k = width - 1; k >= 0; k--) {
      c[at + k] = (char) ('0' + value % 10);
      value /= 10;
    }
  }

  /**
   * Parses an ISO-8601 instant ({@code ...Z}, any fraction) or plain epoch seconds (digits,
   * optional fraction).
   *
   * @throws IllegalArgumentException with a readable reason if the text is neither
   */
  public static long parseMillis(String s) {
    long fast = parseFast(s);
    if (fast != Long.MIN_VALUE) {
      return fast;
    }
    if (!s.isEmpty() && Character.isDigit(s.charAt(0)) && s.indexOf('-') < 0) {
      try {
        double seconds = Double.parseDouble(s);
        if (!Double.isFinite(seconds) || Math.abs(seconds) > 9.2e15) {
          throw new IllegalArgumentException("timestamp out of range '" + s + "'");
        }
        return Math.round(seconds * 1000.0);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("unparseable timestamp '" + s + "'");
      }
    }
    try {
      return Instant.parse(s).toEpochMilli();
    } catch (DateTimeParseException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "unparseable timestamp '" + s + "' (want ISO-8601 UTC or epoch seconds)");
    }
  }

  /** The two common shapes, or {@code Long.MIN_VALUE} to fall back to the general parser. */
  private static long parseFast(String s) {
    int n = s.length();
    if ((n != 20 && n != 24)
        || s.charAt(4) != '-'
        || s.charAt(7) != '-'
        || s.charAt(10) != 'T'
        || s.charAt(13) != ':'
        || s.charAt(16) != ':'
        || s.charAt(n - 1) != 'Z') {
      return Long.MIN_VALUE;
    }
    int y = digits(s, 0, 4);
    int mo = digits(s, 5, 2);
    int d = digits(s, 8, 2);
    int h = digits(s, 11, 2);
    int mi = digits(s, 14, 2);
    int sec = digits(s, 17, 2);
    int ms = 0;
    if (n == 24) {
      if (s.charAt(19) != '.') {
        return Long.MIN_VALUE;
      }
      ms = digits(s, 20, 3);
    }
    if (y < 0
        || mo < 1
        || mo > 12
        || d < 1
        || d > monthLength(y, mo)
        || h < 0
        || h > 23
        || mi < 0
        || mi > 59
        || sec < 0
        || sec > 59
        || ms < 0) {
      return Long.MIN_VALUE;
    }
    // days-from-civil (H. Hinnant)
    int yy = mo <= 2 ? y - 1 : y;
    long era = Math.floorDiv(yy, 400);
    long yoe = yy - era * 400;
    long doy = (153L * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    long days = era * 146097 + doe - 719468;
    return ((days * 24 + h) * 60 + mi) * 60_000L + sec * 1000L + ms;
  }

  private static int monthLength(int y, int m) {
    return switch (m) {
      case 2 -> (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }

  private static int digits(String s, int at, int count) {
    int v = 0;
    for (int k = at; k < at + count; k++) {
      char c = s.charAt(k);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v;
  }
}
