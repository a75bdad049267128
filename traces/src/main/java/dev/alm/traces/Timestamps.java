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

    /** Formats epoch milliseconds, always with three fraction digits. */
    public static String format(long epochMillis) {
        return FORMAT.format(Instant.ofEpochMilli(epochMillis));
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
