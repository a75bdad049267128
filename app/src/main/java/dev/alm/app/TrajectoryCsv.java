package dev.alm.app;

import dev.alm.controller.sim.TrajectorySink;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes an offline run's trajectory as CSV, one row per node and step: {@code step,node,x,S,T,mu}
 * (mu empty for greedy). A write failure is kept and thrown by {@link #close()}.
 */
final class TrajectoryCsv implements TrajectorySink, Closeable {

  private final CSVPrinter csv;
  private final List<String> ids;
  private final double[] capacity;
  private IOException failure;

  TrajectoryCsv(Writer out, List<String> ids, double[] capacity) throws IOException {
    this.csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build());
    this.ids = ids;
    this.capacity = capacity.clone();
    csv.printRecord("step", "node", "x", "S", "T", "mu");
  }

  @Override
  public void accept(int step, double[] x, double[] s, double[] mu) {
    if (failure != null) {
      return;
    }
    try {
      for (int i = 0; i < x.length; i++) {
        csv.printRecord(step, ids.get(i), x[i], s[i], capacity[i], mu == null ? "" : mu[i]);
      }
    } catch (IOException e) {
      failure = e;
    }
  }

  @Override
  public void close() throws IOException {
    csv.flush();
    if (failure != null) {
      throw failure;
    }
  }
}
