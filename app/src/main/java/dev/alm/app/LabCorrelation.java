package dev.alm.app;

import dev.alm.lab.LabRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * What {@code alm correlate} makes of a lab run's logs (docs/lab/outputs.md): C estimated by the
 * beacon join against the true C routing gave ({@code C-estimated.csv}, {@code C-error.json}), and
 * the drift between the windows before the first drill and after the last ({@code drift/}).
 */
final class LabCorrelation {
  private LabCorrelation() {}

  /** Every PoP's log files of one kind, restarted PoPs' too ({@code ID.GEN.dns.log}), sorted. */
  private static List<String> logs(Path dir, String suffix) throws IOException {
    try (var files = Files.list(dir.resolve("logs"))) {
      return files.map(Path::toString).filter(f -> f.endsWith(suffix)).sorted().toList();
    }
  }

  /** Runs alm correlate (beacon join) on the PoPs' logs; writes C-estimated.csv, C-error.json. */
  static Map<String, Object> estimate(Path dir, List<String> ids, double[][] truth, PrintWriter err)
      throws IOException {
    Path cdir = dir.resolve("correlate");
    Run run = correlate(dir, ids, List.of("-o", cdir.toString()));
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put(
        "command",
        "alm correlate --dns LOGS --http LOGS --window 10 --pops " + String.join(",", ids));
    if (run.code() != 0) {
      err.println("lab: alm correlate failed: " + run.err());
      doc.put("error", run.err());
      Outputs.json(dir.resolve("C-error.json"), doc);
      return doc;
    }
    Files.copy(
        cdir.resolve("C.csv"), dir.resolve("C-estimated.csv"), StandardCopyOption.REPLACE_EXISTING);
    rowErrors(doc, cdir.resolve("intervals.csv"), ids, truth);
    Outputs.json(dir.resolve("C-error.json"), doc);
    return doc;
  }

  /**
   * Per row of C, from the estimator's {@code intervals} file: the total variation distance to the
   * true row and how many entries its 95% intervals hold; the share over rows with 20 samples.
   */
  private static void rowErrors(
      Map<String, Object> doc, Path intervals, List<String> ids, double[][] truth)
      throws IOException {
    int n = ids.size();
    double[][] est = new double[n][n];
    double[][] lo = new double[n][n];
    double[][] hi = new double[n][n];
    long[] samples = new long[n];
    List<String> lines = Files.readAllLines(intervals);
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      int i = ids.indexOf(f[0]);
      int j = ids.indexOf(f[1]);
      if (i < 0 || j < 0) {
        continue;
      }
      samples[i] = Long.parseLong(f[3]);
      est[i][j] = Double.parseDouble(f[5]);
      lo[i][j] = Double.parseDouble(f[6]);
      hi[i][j] = Double.parseDouble(f[7]);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    int inside = 0;
    int entries = 0;
    for (int i = 0; i < n; i++) {
      double tv = 0;
      int in = 0;
      for (int j = 0; j < n; j++) {
        tv += Math.abs(est[i][j] - truth[i][j]);
        if (truth[i][j] >= lo[i][j] - 1e-9 && truth[i][j] <= hi[i][j] + 1e-9) {
          in++;
        }
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("row", ids.get(i));
      row.put("samples", samples[i]);
      row.put("tv", tv / 2);
      row.put("entriesWithinInterval", in);
      row.put("entries", n);
      row.put("estimate", est[i]);
      row.put("lower", lo[i]);
      row.put("upper", hi[i]);
      row.put("true", truth[i]);
      rows.add(row);
      if (samples[i] >= 20) {
        inside += in;
        entries += n;
      }
    }
    doc.put("rows", rows);
    doc.put("entriesWithinIntervalShare", entries == 0 ? null : inside / (double) entries);
    doc.put("note", "share over rows with at least 20 samples; intervals are 95% (alm correlate)");
  }

  /**
   * {@code alm correlate --compare}: the beacon-joined C before the first drill against C from 5 s
   * after the last drill to the end; the rows it flags as changed beyond sampling noise.
   */
  static Map<String, Object> drift(Path dir, List<String> ids, LabRun.Result r, PrintWriter err)
      throws IOException {
    long start = r.truth().startEpochMillis();
    double first = r.drills().stream().mapToDouble(LabRun.DrillEvent::atSeconds).min().orElse(0);
    double last = r.drills().stream().mapToDouble(LabRun.DrillEvent::atSeconds).max().orElse(0);
    long b0 = (start + 999) / 1000;
    long b1 = (start + (long) (first * 1000)) / 1000;
    long a0 = (start + (long) ((last + 5) * 1000) + 999) / 1000;
    long a1 = r.truth().endEpochMillis() / 1000;
    Map<String, Object> doc = new LinkedHashMap<>();
    if (b1 <= b0 || a1 <= a0) {
      doc.put("skipped", "a window before the first drill or after the last is empty");
      return doc;
    }
    Run run =
        correlate(
            dir,
            ids,
            List.of(
                "--compare", b0 + "/" + b1, a0 + "/" + a1, "-o", dir.resolve("drift").toString()));
    doc.put("windows", List.of(b0 + "/" + b1, a0 + "/" + a1));
    if (run.code() != 0) {
      err.println("lab: alm correlate --compare failed: " + run.err());
      doc.put("error", run.err());
      return doc;
    }
    doc.put("report", run.out());
    doc.put("file", dir.resolve("drift").resolve("drift.json").toString());
    return doc;
  }

  private static List<String> correlateInputs(Path dir, List<String> ids) throws IOException {
    List<String> dns = logs(dir, ".dns.log");
    List<String> http = logs(dir, ".access.log");
    return List.of(
        "--dns",
        String.join(",", dns),
        "--http",
        String.join(",", http),
        "--window",
        "10",
        "--pops",
        String.join(",", ids));
  }

  /** An in-process {@code alm correlate} run: its exit code, standard output and error. */
  private record Run(int code, String out, String err) {}

  /** Runs {@code alm correlate} on the PoPs' logs with {@code more} arguments. */
  private static Run correlate(Path dir, List<String> ids, List<String> more) throws IOException {
    List<String> args = new ArrayList<>(correlateInputs(dir, ids));
    args.addAll(more);
    StringWriter out = new StringWriter();
    StringWriter errs = new StringWriter();
    CommandLine cl = Main.configure(new CommandLine(new CorrelateCommand()));
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(errs));
    int code = cl.execute(args.toArray(String[]::new));
    return new Run(code, out.toString().strip(), errs.toString().strip());
  }
}
