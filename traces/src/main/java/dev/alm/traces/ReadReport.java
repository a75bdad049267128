package dev.alm.traces;

import dev.alm.io.InputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What reading a set of trace files did: lines read, records used and lines skipped per file, with
 * the first bad lines kept as examples. Nothing is dropped silently: every skipped line is counted
 * here, and in strict mode the first one ends the read with an {@link InputException}. Not
 * thread-safe; one per command run.
 */
public final class ReadReport {
  /** How many bad lines are kept as examples, per file. */
  public static final int EXAMPLES_PER_FILE = 5;

  /** Lines, records and skipped lines of one file. */
  public record FileSummary(String source, String format, long lines, long records, long skipped) {}

  private static final class Tally {
    final String format;
    long lines;
    long records;
    long skipped;
    final List<BadLine> examples = new ArrayList<>();

    Tally(String format) {
      this.format = format;
    }
  }

  private final boolean strict;
  private final Map<String, Tally> files = new LinkedHashMap<>();
  private final List<String> truncated = new ArrayList<>();
  private final Map<String, Long> reasons = new TreeMap<>();

  /**
   * @param strict whether the first bad line is fatal
   */
  public ReadReport(boolean strict) {
    this.strict = strict;
  }

  public boolean strict() {
    return strict;
  }

  void opened(String source, String format) {
    files.putIfAbsent(source, new Tally(format));
  }

  void counted(String source, long lines, long records) {
    Tally t = files.get(source);
    t.lines = lines;
    t.records = records;
  }

  /**
   * Records that {@code source} ended early (a truncated or corrupt compressed stream) after {@code
   * line} whole lines.
   */
  void truncated(String source, long line) {
    truncated.add(source + ": truncated or corrupt after line " + line);
  }

  /**
   * The files that ended early, one line each ({@code FILE: truncated or corrupt after line N}).
   */
  public List<String> truncatedFiles() {
    return List.copyOf(truncated);
  }

  /**
   * Records a bad line (or a problem that ends a file early).
   *
   * @throws InputException in strict mode, naming the file, line and reason
   */
  public void bad(String source, long line, String reason) throws InputException {
    if (strict) {
      throw new InputException(source, "line " + line, reason + " (--strict)");
    }
    Tally t = files.computeIfAbsent(source, s -> new Tally("?"));
    t.skipped++;
    reasons.merge(BadLine.kind(reason), 1L, Long::sum);
    if (t.examples.size() < EXAMPLES_PER_FILE) {
      t.examples.add(new BadLine(source, line, reason));
    }
  }

  /**
   * Adds a whole file read elsewhere (by another process: a Spark executor), as if it had been read
   * here: its summary, its first bad lines (at most {@link #EXAMPLES_PER_FILE} are kept), whether
   * and after which line it ended early, and its skipped lines by reason kind. Never throws: strict
   * reading is the reader's business.
   *
   * @param truncatedAfter the last whole line of a file that ended early, or -1
   */
  public void addFile(
      FileSummary summary,
      List<BadLine> examples,
      long truncatedAfter,
      Map<String, Long> reasonKinds) {
    Tally t = files.computeIfAbsent(summary.source(), s -> new Tally(summary.format()));
    t.lines += summary.lines();
    t.records += summary.records();
    t.skipped += summary.skipped();
    for (BadLine b : examples) {
      if (t.examples.size() < EXAMPLES_PER_FILE) {
        t.examples.add(b);
      }
    }
    if (truncatedAfter >= 0) {
      truncated(summary.source(), truncatedAfter);
    }
    reasonKinds.forEach((k, n) -> reasons.merge(k, n, Long::sum));
  }

  /** Skipped lines of all files counted by the kind of their reason ({@link BadLine#kind}). */
  public Map<String, Long> skippedByReason() {
    return new LinkedHashMap<>(reasons);
  }

  /** Lines skipped in all files. */
  public long skipped() {
    return files.values().stream().mapToLong(t -> t.skipped).sum();
  }

  /** Records used from all files. */
  public long records() {
    return files.values().stream().mapToLong(t -> t.records).sum();
  }

  /** Lines read from all files, headers included. */
  public long lines() {
    return files.values().stream().mapToLong(t -> t.lines).sum();
  }

  /** One summary per file, in the order the files were opened. */
  public List<FileSummary> files() {
    List<FileSummary> out = new ArrayList<>();
    files.forEach((s, t) -> out.add(new FileSummary(s, t.format, t.lines, t.records, t.skipped)));
    return out;
  }

  /** The first bad lines of every file. */
  public List<BadLine> examples() {
    List<BadLine> out = new ArrayList<>();
    files.values().forEach(t -> out.addAll(t.examples));
    return out;
  }

  /** The summary a command prints: one line per file, then the example bad lines. */
  public List<String> summaryLines() {
    List<String> out = new ArrayList<>();
    for (FileSummary f : files()) {
      out.add(
          String.format(
              Locale.ROOT,
              "%s (%s): %d lines, %d records used, %d lines skipped",
              f.source(),
              f.format(),
              f.lines(),
              f.records(),
              f.skipped()));
    }
    for (Map.Entry<String, Tally> e : files.entrySet()) {
      Tally t = e.getValue();
      for (BadLine b : t.examples) {
        out.add("  skipped " + b);
      }
      if (t.skipped > t.examples.size()) {
        out.add(
            "  ... and "
                + (t.skipped - t.examples.size())
                + " more skipped lines in "
                + e.getKey());
      }
    }
    out.add(
        String.format(
            Locale.ROOT, "skipped %d of %d lines in %d files", skipped(), lines(), files.size()));
    return out;
  }
}
