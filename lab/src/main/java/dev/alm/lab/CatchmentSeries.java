package dev.alm.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catchments every eyeball network and resolver measured during a run ({@code
 * OUT/catchments/ID.csv}, one line per 0.5 s), read back at a given time (for the C handed to the
 * PoPs after a drill, {@link CRefresh}).
 */
public final class CatchmentSeries {
  private CatchmentSeries() {}

  /**
   * Every eyeball network measures its catchments this often: a DNS query and, for a network of
   * users, an HTTP request to L1, which its proxy meters like any other (2 requests/s).
   */
  public static final long PERIOD_MILLIS = 500;

  /**
   * Every eyeball network's and resolver's catchments at {@code seconds}, from their series ({@code
   * catchments/ID.csv}): the last successful measurement at or before that time.
   */
  public static Map<String, LabRun.Catch> catchmentsAt(Path out, LabTopology t, double seconds)
      throws IOException {
    Map<String, LabRun.Catch> c = new LinkedHashMap<>();
    List<String> series = new ArrayList<>();
    t.eyeballs().forEach(x -> series.add(x.id()));
    t.resolvers().forEach(x -> series.add(x.id()));
    for (String id : series) {
      String dns = null;
      String http = null;
      Path f = out.resolve("catchments").resolve(id + ".csv");
      List<String> lines = Files.exists(f) ? Files.readAllLines(f) : List.of("header");
      for (String line : lines.subList(1, lines.size())) {
        String[] p = line.split(",", -1);
        if (p.length < 3 || Double.parseDouble(p[0]) > seconds) {
          break;
        }
        dns = p[1].isEmpty() ? dns : p[1];
        http = p[2].isEmpty() ? http : p[2];
      }
      c.put(id, new LabRun.Catch(dns, http));
    }
    return c;
  }
}
