package dev.alm.traces;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Timestamps in trace files: ISO-8601 in UTC with milliseconds ({@code 2026-11-22T10:15:30.123Z}). */
public final class Timestamps {
    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    /** The last second formatted (per thread: log writers call this for every line). */
    private static final ThreadLocal<Object[]> LAST_SECOND = ThreadLocal.withInitial(() -> new Object[] {-1L, ""});

    /** Formats epoch milliseconds, always with three fraction digits. */
    public static String format(long epochMillis) {
        long second = Math.floorDiv(epochMillis, 1000L);
        Object[] last = LAST_SECOND.get();
        if ((long) last[0] != second) {
            String s = FORMAT.format(Instant.ofEpochSecond(second));
            last[0] = second;
            last[1] = s.substring(0, s.length() - 4); // up to and including the '.'
        }
        int ms = (int) Math.floorMod(epochMillis, 1000L);
        return (String) last[1] + (char) ('0' + ms / 100) + (char) ('0' + ms / 10 % 10) + (char) ('0' + ms % 10) + 'Z';
    }

    /**
     * Parses an ISO-8601 instant ({@code ...Z}, any fraction) or plain epoch seconds (digits, optional fraction).
     *
     * @throws IllegalArgumentException with a readable reason if the text is neither
     */
    public static long parseMillis(String s) {
        if (!s.isEmpty() && Character.isDigit(s.charAt(0)) && s.indexOf('-') < 0) {
            try {
                return Math.round(Double.parseDouble(s) * 1000.0);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("unparseable timestamp '" + s + "'");
            }
        }
        try {
            return Instant.parse(s).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "unparseable timestamp '" + s + "' (want ISO-8601 UTC or epoch seconds)");
        }
    }
}
