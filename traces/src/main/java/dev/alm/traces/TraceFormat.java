package dev.alm.traces;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One CSV trace format: its name, header and how one line becomes a record and back
 * (docs/trace-formats.md).
 *
 * @param name what the format is called in reports ({@code "DNS query log"})
 * @param header the column names, in order; a file's first line must be exactly this
 * @param parser turns the fields of one line (exactly {@code header.size()} of them) into a record
 * @param values the fields of one record, in header order
 * @param <T> the record type
 */
public record TraceFormat<T>(
    String name, List<String> header, Parser<T> parser, Function<T, List<String>> values) {

  /** Turns the fields of one line into a record. */
  @FunctionalInterface
  public interface Parser<T> {
    /**
     * @param fields exactly as many fields as the header has columns
     * @throws IllegalArgumentException with the reason the line is bad
     */
    T parse(String[] fields);
  }

  public TraceFormat {
    Objects.requireNonNull(name, "name");
    header = List.copyOf(header);
    if (header.isEmpty()) {
      throw new IllegalArgumentException("a trace format needs at least one column");
    }
    Objects.requireNonNull(parser, "parser");
    Objects.requireNonNull(values, "values");
  }
}
