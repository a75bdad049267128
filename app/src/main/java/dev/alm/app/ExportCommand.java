package dev.alm.app;

import dev.alm.export.RateLimitShare;
import dev.alm.export.Redirection;
import dev.alm.export.RunDirectory;
import dev.alm.export.StatusCollector;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm export}: the redirection probabilities x_i of running PoPs or of an offline run, as
 * CSV or JSON.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Collect x_i, mu_i, beta_i, S_i, T_i and A_i: from running PoPs (--from HOST:PORT[,HOST:PORT...], their",
      "admin addresses; GET /status) or from an offline run's output directory (--from DIR: alm cluster's",
      "samples.csv / summary.json, alm simulate's summary.json / trajectory.csv). Writes CSV or JSON to",
      "stdout or --out. S, T and A are in requests/s for PoPs and clusters, in load units for simulate.",
      "With --ratelimits: each customer's share of its global limit at every running PoP instead."
    })
public final class ExportCommand implements Callable<Integer> {
  static final String[] COLUMNS = {
    "pop", "x", "mu", "beta", "S", "T", "A", "units", "algorithm", "mode", "source"
  };

  static final String[] SHARE_COLUMNS = {
    "pop",
    "customer",
    "unit",
    "limit",
    "share",
    "demand",
    "served",
    "rejected",
    "peers",
    "mode",
    "source"
  };

  @Spec CommandSpec spec;

  @Option(
      names = "--from",
      required = true,
      paramLabel = "URL[,URL...]|DIR",
      description =
          "Admin addresses of running PoPs (host:port or http://host:port[/status]), comma-separated, "
              + "or a run's output directory.")
  String from;

  @Option(
      names = "--format",
      defaultValue = "csv",
      description = "csv or json. Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(
      names = {"-o", "--out"},
      description = "Write to this file instead of stdout.")
  Path out;

  @Option(
      names = "--timeout",
      defaultValue = "2",
      description = "Seconds to wait for each PoP. Default: ${DEFAULT-VALUE}.")
  double timeout;

  @Option(
      names = "--ratelimits",
      description =
          "Export every customer's rate-limit share (limit, share, demand, served, rejected, peers,"
              + " mode) at each running PoP in --from, one row per PoP and customer.")
  boolean ratelimits;

  @Override
  public Integer call() throws Exception {
    String f = format.toLowerCase(Locale.ROOT);
    if (!f.equals("csv") && !f.equals("json")) {
      throw new UserError("--format: expected csv or json, got '" + format + "'");
    }
    if (!(timeout > 0) || timeout > 3600) {
      throw new UserError("--timeout: expected seconds in (0, 3600], got " + timeout);
    }
    if (ratelimits) {
      return exportShares(f);
    }
    List<Redirection> rows;
    Path dir = Path.of(from);
    if (!from.contains(",") && Files.isDirectory(dir)) {
      rows = RunDirectory.read(dir);
    } else {
      List<URI> uris = uris();
      try {
        rows = new StatusCollector(Duration.ofMillis(Math.round(timeout * 1000))).collect(uris);
      } catch (IOException e) {
        throw new UserError(e.getMessage());
      }
    }
    String text = f.equals("csv") ? csv(rows) : json(rows);
    emit(text, rows.size() + " PoPs");
    return 0;
  }

  private Integer exportShares(String f) throws Exception {
    if (!from.contains(",") && Files.isDirectory(Path.of(from))) {
      throw new UserError(
          "--from: --ratelimits reads running PoPs (host:port,...), not a run directory");
    }
    List<URI> uris = uris();
    List<RateLimitShare> rows;
    try {
      rows = new StatusCollector(Duration.ofMillis(Math.round(timeout * 1000))).collectShares(uris);
    } catch (IOException e) {
      throw new UserError(e.getMessage());
    }
    String text = f.equals("csv") ? sharesCsv(rows) : sharesJson(rows);
    emit(text, rows.size() + " customer shares");
    return 0;
  }

  private List<URI> uris() throws UserError {
    List<URI> uris = new ArrayList<>();
    for (String a : from.split(",")) {
      try {
        uris.add(StatusCollector.statusUri(a));
      } catch (IllegalArgumentException e) {
        throw new UserError("--from: " + e.getMessage() + " (and no directory of that name)");
      }
    }
    return uris;
  }

  private void emit(String text, String what) throws IOException {
    if (out == null) {
      PrintWriter o = spec.commandLine().getOut();
      o.print(text);
      o.flush();
    } else {
      Outputs.write(out, w -> w.write(text));
      spec.commandLine().getErr().println("wrote " + what + " to " + out);
    }
  }

  static String sharesCsv(List<RateLimitShare> rows) throws IOException {
    StringWriter w = new StringWriter();
    try (CSVPrinter p =
        new CSVPrinter(
            w,
            CSVFormat.DEFAULT
                .builder()
                .setHeader(SHARE_COLUMNS)
                .setRecordSeparator("\n")
                .build())) {
      for (RateLimitShare r : rows) {
        p.printRecord(
            r.pop(),
            r.customer(),
            cell(r.unit()),
            cell(r.limit()),
            cell(r.share()),
            cell(r.demand()),
            cell(r.served()),
            cell(r.rejected()),
            cell(r.peers()),
            cell(r.mode()),
            r.source());
      }
    }
    return w.toString();
  }

  static String sharesJson(List<RateLimitShare> rows) throws IOException {
    List<Map<String, Object>> list = new ArrayList<>();
    for (RateLimitShare r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("pop", r.pop());
      m.put("customer", r.customer());
      m.put("unit", r.unit());
      m.put("limit", r.limit());
      m.put("share", r.share());
      m.put("demand", r.demand());
      m.put("served", r.served());
      m.put("rejected", r.rejected());
      m.put("peers", r.peers());
      m.put("mode", r.mode());
      m.put("source", r.source());
      list.add(m);
    }
    Writer w = new StringWriter();
    Outputs.JSON.writeValue(w, Map.of("customers", list));
    return w + "\n";
  }

  static String csv(List<Redirection> rows) throws IOException {
    StringWriter w = new StringWriter();
    try (CSVPrinter p =
        new CSVPrinter(
            w, CSVFormat.DEFAULT.builder().setHeader(COLUMNS).setRecordSeparator("\n").build())) {
      for (Redirection r : rows) {
        p.printRecord(
            r.pop(),
            r.x(),
            cell(r.mu()),
            cell(r.beta()),
            cell(r.load()),
            cell(r.capacity()),
            cell(r.demand()),
            r.units(),
            cell(r.algorithm()),
            cell(r.mode()),
            r.source());
      }
    }
    return w.toString();
  }

  static String json(List<Redirection> rows) throws IOException {
    List<Map<String, Object>> list = new ArrayList<>();
    for (Redirection r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("pop", r.pop());
      m.put("x", r.x());
      m.put("mu", r.mu());
      m.put("beta", r.beta());
      m.put("S", r.load());
      m.put("T", r.capacity());
      m.put("A", r.demand());
      m.put("units", r.units());
      m.put("algorithm", r.algorithm());
      m.put("mode", r.mode());
      m.put("source", r.source());
      list.add(m);
    }
    Writer w = new StringWriter();
    Outputs.JSON.writeValue(w, Map.of("pops", list));
    return w + "\n";
  }

  private static Object cell(Object v) {
    return v == null ? "" : v;
  }
}
