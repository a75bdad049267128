package dev.alm.correlation.spark;

import dev.alm.traces.Timestamps;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticTraces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Generated DNS and HTTP logs (8 PoPs, 20,000 queries, seed 7) as plain CSV, with the first and
 * last time of the DNS log.
 */
record GeneratedLogs(Path dns, Path http, long firstMillis, long lastMillis) {

  static GeneratedLogs write(Path dir) throws IOException {
    SyntheticTraces t =
        new SyntheticTraces(SyntheticConfig.defaults(7).withSizes(8, 20_000, 5_000, 0));
    SyntheticTraces.Written w = t.writeAll(dir, false);
    List<String> lines = Files.readAllLines(w.dns());
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (String l : lines.subList(1, lines.size())) {
      long ms = Timestamps.parseMillis(l.substring(0, l.indexOf(',')));
      first = Math.min(first, ms);
      last = Math.max(last, ms);
    }
    return new GeneratedLogs(w.dns(), w.http(), first, last);
  }
}
