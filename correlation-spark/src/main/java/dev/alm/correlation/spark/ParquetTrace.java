package dev.alm.correlation.spark;

import dev.alm.io.InputException;
import dev.alm.traces.ReadReport;
import dev.alm.traces.Timestamps;
import dev.alm.traces.TraceFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads a Parquet file with a trace format's columns (docs/correlation/spark.md, "On Spark") as
 * that format's records, row by row in file order: each row's values become the fields of a CSV
 * line (strings as they are, integers in decimal, timestamps as ISO-8601 UTC) and go through the
 * format's own parser, so a bad value is the same bad line with the same reason as in CSV. Row k
 * (from 0) is reported as line k + 2, as if a header were line 1. Missing or nested columns make
 * the whole file unreadable.
 *
 * @param <T> the record type
 */
final class ParquetTrace<T> implements FileScan.Records<T> {
  private static final long JULIAN_EPOCH_DAY = 2_440_588;

  private final String source;
  private final TraceFormat<T> format;
  private final ReadReport report;
  private final ParquetReader<Group> in;
  private final String[] fields;
  private int[] columns;
  private long line = 1;
  private long records;

  ParquetTrace(
      String source, Path path, Configuration conf, TraceFormat<T> format, ReadReport report)
      throws IOException {
    this.source = source;
    this.format = format;
    this.report = report;
    this.in = ParquetReader.builder(new GroupReadSupport(), path).withConf(conf).build();
    this.fields = new String[format.header().size()];
  }

  @Override
  public T next() throws InputException, IOException {
    while (true) {
      Group g = in.read();
      if (g == null) {
        return null;
      }
      line++;
      if (columns == null) {
        columns = columns(g.getType());
      }
      for (int k = 0; k < fields.length; k++) {
        fields[k] = value(g, columns[k]);
      }
      try {
        T rec = format.parser().parse(fields);
        records++;
        return rec;
      } catch (IllegalArgumentException e) {
        report.bad(source, line, e.getMessage());
      }
    }
  }

  private int[] columns(GroupType type) throws InputException {
    List<String> header = format.header();
    int[] idx = new int[header.size()];
    for (int k = 0; k < idx.length; k++) {
      idx[k] = -1;
      for (int c = 0; c < type.getFieldCount(); c++) {
        Type t = type.getType(c);
        if (t.getName().trim().toLowerCase(Locale.ROOT).equals(header.get(k))) {
          if (!t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)) {
            throw new InputException(
                source, "", "column '" + header.get(k) + "': nested or repeated in Parquet");
          }
          idx[k] = c;
        }
      }
      if (idx[k] < 0) {
        throw new InputException(
            source,
            "",
            "not a "
                + format.name()
                + ": expected the columns "
                + String.join(",", header)
                + ", got "
                + type.getFields().stream().map(Type::getName).toList());
      }
    }
    return idx;
  }

  private static String value(Group g, int c) {
    if (g.getFieldRepetitionCount(c) == 0) {
      return "";
    }
    PrimitiveType t = g.getType().getType(c).asPrimitiveType();
    LogicalTypeAnnotation logical = t.getLogicalTypeAnnotation();
    switch (t.getPrimitiveTypeName()) {
      case BINARY, FIXED_LEN_BYTE_ARRAY:
        return g.getString(c, 0);
      case INT32:
        return Integer.toString(g.getInteger(c, 0));
      case INT64:
        long v = g.getLong(c, 0);
        if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts) {
          long millis =
              switch (ts.getUnit()) {
                case MILLIS -> v;
                case MICROS -> Math.floorDiv(v, 1_000L);
                case NANOS -> Math.floorDiv(v, 1_000_000L);
              };
          return Timestamps.format(millis);
        }
        return Long.toString(v);
      case INT96:
        // Spark's default timestamp: nanoseconds of the day, then the Julian day, little-endian
        ByteBuffer b = g.getInt96(c, 0).toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        long nanos = b.getLong();
        long day = b.getInt() & 0xffffffffL;
        return Timestamps.format((day - JULIAN_EPOCH_DAY) * 86_400_000L + nanos / 1_000_000L);
      default:
        return g.getValueToString(c, 0);
    }
  }

  @Override
  public long line() {
    return line;
  }

  @Override
  public long lines() {
    return line;
  }

  @Override
  public long records() {
    return records;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
