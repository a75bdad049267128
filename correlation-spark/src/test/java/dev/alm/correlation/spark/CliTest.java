package dev.alm.correlation.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad options and values of {@code ./alm-spark} are one line on stderr and exit code 2, before any
 * Spark session starts; {@code --help} describes the inputs.
 */
class CliTest {
  @TempDir Path dir;

  record Run(int code, String out, String err) {}

  static Run run(Object command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Cli.run(command, new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(code, out.toString(), err.toString());
  }

  static void assertOneLine(Run r, String expected) {
    assertEquals(2, r.code(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains(expected), r.err());
  }

  @Test
  void correlateRefusesBadCombinationsInOneLine() {
    String out = dir.resolve("c").toString();
    assertOneLine(
        run(new SparkCorrelate(), "--out", out),
        "alm-spark correlate: give exactly one kind of trace");
    assertOneLine(
        run(new SparkCorrelate(), "--paired", "obs.csv", "--probes", "p.csv", "--out", out),
        "give exactly one kind of trace");
    assertOneLine(
        run(new SparkCorrelate(), "--paired", "obs.csv", "--dns-service", "a", "--out", out),
        "--paired needs --dns-service and --http-service");
    assertOneLine(
        run(new SparkCorrelate(), "--probes", "p.csv", "--dns-service", "a", "--out", out),
        "--dns-service and --http-service go with --paired");
    assertOneLine(
        run(new SparkCorrelate(), "--probes", "p.csv", "--window", "-1", "--out", out),
        "--window must be a number of seconds >= 0");
    assertOneLine(
        run(new SparkCorrelate(), "--probes", "p.csv", "--confidence", "2", "--out", out),
        "--confidence must be in (0, 1)");
    assertOneLine(
        run(new SparkCorrelate(), "--probes", "p.csv", "--windw", "3", "--out", out),
        "Unknown options: '--windw', '3' (--help lists the options)");
    assertOneLine(run(new SparkCorrelate(), "--probes", "p.csv"), "Missing required option");
    assertOneLine(
        run(new SparkCorrelate(), "--probes", "p.csv", "--alpha", "0", "--out", out),
        "--alpha must be in (0, 1), got 0.0");
    assertOneLine(
        run(
            new SparkCorrelate(),
            "--probes",
            "p.csv",
            "--compare",
            "monday",
            "2021-05-22T09:45:00Z",
            "--out",
            out),
        "--compare monday: ");
    assertOneLine(
        run(
            new SparkCorrelate(),
            "--probes",
            "p.csv",
            "--compare",
            "2021-05-22T09:45:00Z",
            "--out",
            out),
        "--compare");
  }

  @Test
  void helpNamesTheThreeInputs() {
    Run r = run(new SparkCorrelate(), "--help");
    assertEquals(0, r.code());
    for (String o :
        new String[] {
          "--paired",
          "--dns-service",
          "--dns",
          "--http",
          "--probes",
          "--compare",
          "--alpha",
          "--parquet"
        }) {
      assertTrue(r.out().contains(o), o);
    }
  }

  @Test
  void generateRefusesGzipParquetAndStrayChunks() {
    String out = dir.resolve("g").toString();
    assertOneLine(
        run(new TracesGenerate(), "--format", "parquet", "--gzip", "--out", out),
        "--gzip is for CSV");
    assertOneLine(
        run(new TracesGenerate(), "--chunk-lines", "10", "--out", out),
        "--chunk-lines goes with --partitioned");
    assertOneLine(run(new TracesGenerate(), "--format", "orc", "--out", out), "--format");
    assertTrue(Files.notExists(dir.resolve("g")));
  }
}
