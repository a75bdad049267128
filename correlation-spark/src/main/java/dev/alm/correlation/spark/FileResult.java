package dev.alm.correlation.spark;

import dev.alm.traces.BadLine;
import dev.alm.traces.ReadReport;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What an executor's scan of one file found, sent back to the driver: the file's line counts, its
 * first bad lines and skipped lines by reason (as {@link ReadReport} keeps them in process), the
 * beacon halves or probes it held, or why the whole file could not be read.
 *
 * @param file the file
 * @param format the trace format's name
 * @param lines lines read, header included
 * @param records good records
 * @param skipped bad lines skipped
 * @param examples the first bad lines
 * @param truncatedAfter the last whole line when a compressed stream broke off, else -1
 * @param reasons skipped lines by reason kind ({@link BadLine#kind})
 * @param halves beacon answers with L1 (DNS) or beacon requests (HTTP); probes for a probe log
 * @param error why the file was not read at all (wrong header, unreadable), else {@code null}
 */
public record FileResult(
    TraceFile file,
    String format,
    long lines,
    long records,
    long skipped,
    List<BadLine> examples,
    long truncatedAfter,
    Map<String, Long> reasons,
    long halves,
    String error)
    implements Serializable {

  /** The summary line of this file. */
  public ReadReport.FileSummary summary() {
    return new ReadReport.FileSummary(file.source(), format, lines, records, skipped);
  }
}
