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

  /**
   * {@code alm-spark correlate} with {@code args} (separated by spaces) and an output directory
   * refuses in one line containing {@code expected}.
   */
  private void refuses(String args, String expected) {
    String out = dir.resolve("c").toString();
    String[] all = (args.isEmpty() ? "--out " + out : args + " --out " + out).split(" ");
    assertOneLine(run(new SparkCorrelate(), all), expected);
  }

  @Test
  void correlateRefusesBadCombinationsInOneLine() {
    refuses("", "alm-spark correlate: give exactly one kind of trace");
    refuses("--paired obs.csv --probes p.csv", "give exactly one kind of trace");
    refuses("--paired obs.csv --dns-service a", "--paired needs --dns-service and --http-service");
    refuses("--probes p.csv --dns-service a", "--dns-service and --http-service go with --paired");
    refuses("--probes p.csv --window -1", "--window must be a number of seconds >= 0");
    refuses("--probes p.csv --confidence 2", "--confidence must be in (0, 1)");
    refuses(
        "--probes p.csv --windw 3", "Unknown options: '--windw', '3' (--help lists the options)");
    assertOneLine(run(new SparkCorrelate(), "--probes", "p.csv"), "Missing required option");
    refuses("--probes p.csv --alpha 0", "--alpha must be in (0, 1), got 0.0");
    refuses("--probes p.csv --compare monday 2021-05-22T09:45:00Z", "--compare monday: ");
    refuses("--probes p.csv --compare 2021-05-22T09:45:00Z", "--compare");
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
