package dev.alm.correlation.spark;

import dev.alm.correlation.CorrelationEstimate;
import dev.alm.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * An estimate as Parquet beside its CSV files ({@code --parquet}, docs/correlation/spark.md, "On
 * Spark"), one row per entry (row, column) so a data lake's SQL reads it as a table: {@code
 * C.parquet} (row, column, c: the smoothed estimate of {@code C.csv}), {@code counts.parquet} (row,
 * column, n: {@code counts.csv}) and {@code intervals.parquet} (the columns of {@code
 * intervals.csv}; frequency null for an empty row). Each file is written under a hidden temporary
 * name and moved into place.
 */
final class EstimateParquet {
  private EstimateParquet() {}

  /** Writes the three files into {@code dir}. */
  static void write(Path dir, CorrelationEstimate e) throws IOException {
    Files.createDirectories(dir);
    MessageType c = schema("c", true, "c");
    write(dir.resolve("C.parquet"), c, e, (g, i, j) -> g.append("c", e.matrix().get(i, j)));
    MessageType n = schema("counts", false, "n");
    write(dir.resolve("counts.parquet"), n, e, (g, i, j) -> g.append("n", e.count(i, j)));
    MessageType in =
        rowAndColumn()
            .required(PrimitiveTypeName.INT64)
            .named("count")
            .required(PrimitiveTypeName.INT64)
            .named("row_samples")
            .optional(PrimitiveTypeName.DOUBLE)
            .named("frequency")
            .required(PrimitiveTypeName.DOUBLE)
            .named("estimate")
            .required(PrimitiveTypeName.DOUBLE)
            .named("lower")
            .required(PrimitiveTypeName.DOUBLE)
            .named("upper")
            .named("intervals");
    write(
        dir.resolve("intervals.parquet"),
        in,
        e,
        (g, i, j) -> {
          g.append("count", e.count(i, j));
          g.append("row_samples", e.samples(i));
          double f = e.frequency(i, j);
          if (!Double.isNaN(f)) {
            g.append("frequency", f);
          }
          g.append("estimate", e.matrix().get(i, j));
          g.append("lower", e.lower(i, j));
          g.append("upper", e.upper(i, j));
        });
  }

  /** Fills one entry's values after its row and column. */
  private interface Entry {
    void fill(Group g, int i, int j);
  }

  /** The columns every file starts with: the entry's row and column ids. */
  private static Types.GroupBuilder<MessageType> rowAndColumn() {
    return Types.buildMessage()
        .required(PrimitiveTypeName.BINARY)
        .as(LogicalTypeAnnotation.stringType())
        .named("row")
        .required(PrimitiveTypeName.BINARY)
        .as(LogicalTypeAnnotation.stringType())
        .named("column");
  }

  private static MessageType schema(String name, boolean real, String value) {
    return rowAndColumn()
        .required(real ? PrimitiveTypeName.DOUBLE : PrimitiveTypeName.INT64)
        .named(value)
        .named(name);
  }

  private static void write(Path file, MessageType schema, CorrelationEstimate e, Entry entry)
      throws IOException {
    Path tmp = AtomicFiles.temporarySibling(file);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try {
      try (ParquetWriter<Group> out =
          ExampleParquetWriter.builder(new LocalParquetFile(tmp))
              .withType(schema)
              .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
              .withCompressionCodec(CompressionCodecName.SNAPPY)
              .build()) {
        for (int i = 0; i < e.size(); i++) {
          for (int j = 0; j < e.size(); j++) {
            Group g = groups.newGroup();
            g.append("row", e.ids().get(i));
            g.append("column", e.ids().get(j));
            entry.fill(g, i, j);
            out.write(g);
          }
        }
      }
      AtomicFiles.moveIntoPlace(tmp, file);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
