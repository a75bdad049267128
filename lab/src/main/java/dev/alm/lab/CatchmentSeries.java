package dev.alm.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The catchments every eyeball network and resolver measured during a run ({@code
 * OUT/catchments/ID.csv}, one line per 0.5 s), read back at a given time; and the hand-over of the
 * C they give to the PoPs after a drill ({@code --refresh-c}).
 */
public final class CatchmentSeries {
  private CatchmentSeries() {}

  /**
   * At {@code seconds} into the run, writes the C and A that the catchment series show then to the
   * refresh file; every PoP restarts on it at its next interval.
   */
  static void refresh(
      LabTopology t,
      LabSettings s,
      Path out,
      LabTruth truth,
      double seconds,
      Consumer<String> log) {
    try {
      LabRun.sleepUntil(truth.startEpochMillis() + (long) (seconds * 1000));
      LabTruth now =
          LabRun.truth(
              t,
              catchmentsAt(out, t, seconds),
              s,
              truth.startEpochMillis(),
              truth.endEpochMillis());
      Path f = LabSettings.refreshFile(out);
      Path tmp = f.resolveSibling("c-update.json.tmp");
      new ObjectMapper().writeValue(tmp.toFile(), now);
      Files.move(tmp, f, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      log.accept(
          "lab: at "
              + seconds
              + " s the PoPs get the C routing now gives: "
              + java.util.Arrays.deepToString(now.c()));
    } catch (IOException | RuntimeException e) {
      log.accept("lab: could not hand the PoPs a new C: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

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
